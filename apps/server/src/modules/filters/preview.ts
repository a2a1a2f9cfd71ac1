import { and, desc, eq } from 'drizzle-orm';
import type { Language } from '@postline/shared/errors';
import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { FILTER_PREVIEW_SIZE, type FilterPreview } from '@postline/shared/filters';
import type { Queryable } from '../../db/client.js';
import { messages } from '../../db/schema/mail.js';
import { describeAction } from './engine/describe.js';
import { evaluateFilter } from './engine/evaluate.js';
import { sampleToFilterableMessage } from './engine/message.js';
import { filterNotFound } from './errors.js';
import { filterableFromStored } from './message-source.js';
import { findFilterRecord } from './repository.js';
import { getSystemFolder, listFolders } from '../folders/index.js';

/**
 * GET /filters/{id}/preview (issue 34): the saved filter on the user's newest Inbox mail, the mail
 * "apply to existing mail" takes, so the user sees which it would match before letting it act.
 * A user with no mail yet sees the sample set instead. Nothing changes; an inactive filter is
 * previewed as if it were on.
 */
export async function previewFilter(
  db: Queryable,
  userId: number,
  filterId: number,
  lang: Language,
): Promise<FilterPreview> {
  const filter = await findFilterRecord(db, userId, filterId);
  if (!filter) throw filterNotFound();
  const inbox = await getSystemFolder(db, userId, 'INBOX');
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.mailboxId, inbox.id)))
    .orderBy(desc(messages.receivedAt), desc(messages.id))
    .limit(FILTER_PREVIEW_SIZE);
  const names = new Map((await listFolders(db, userId)).map((m) => [String(m.id), m.name]));
  const appliedActions = filter.actions.map((a) => ({
    actionType: a.actionType,
    actionValue: a.actionValue ?? null,
    description: describeAction(a, lang, { folderName: (id) => names.get(id) ?? null }),
  }));
  const matches: FilterPreview['matches'] = [];
  if (rows.length === 0) {
    for (const sample of FILTER_TEST_SAMPLES) {
      if (!evaluateFilter(filter, sampleToFilterableMessage(sample)).matched) continue;
      matches.push({
        messageId: null,
        sampleId: sample.id,
        subject: sample.subject,
        fromAddress: sample.fromAddress,
        fromName: sample.fromName ?? null,
        receivedAt: sample.receivedAt,
      });
    }
    return { source: 'SAMPLES', scanned: FILTER_TEST_SAMPLES.length, matches, appliedActions };
  }
  for (const row of rows) {
    if (!evaluateFilter(filter, await filterableFromStored(db, row)).matched) continue;
    matches.push({
      messageId: row.id,
      sampleId: null,
      subject: row.subject,
      fromAddress: row.fromAddress,
      fromName: row.fromName,
      receivedAt: row.receivedAt.toISOString(),
    });
  }
  return { source: 'INBOX', scanned: rows.length, matches, appliedActions };
}
