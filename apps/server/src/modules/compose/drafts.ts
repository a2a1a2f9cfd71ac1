import { eq } from 'drizzle-orm';
import type { SaveDraftRequest } from '@postline/shared/message-requests';
import { users } from '../../db/schema/core.js';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';
import { adjustCounts, getSystemFolder } from '../folders/index.js';
import { insertStoredMessage, placeDraft, rewriteDraft, setAttachmentCount } from '../messages/index.js';
import { saveDraftContext } from './draft-context.js';
import type { ComposeDeps } from './ports.js';
import { recipientEntries } from './recipient-entries.js';
import { removeScheduledSend } from './scheduled-store.js';

/**
 * Saves a draft in DRAFTS: a new one, or the user's draft `draftId` rewritten in place. Drafts are
 * stored read, so they never count as unread mail. Answers the draft's id.
 */
export async function saveDraft(deps: ComposeDeps, userId: number, input: SaveDraftRequest): Promise<number> {
  const to = recipientEntries(input.toAddresses);
  const cc = recipientEntries(input.ccAddresses);
  const bcc = recipientEntries(input.bccAddresses);
  const now = new Date();
  return deps.messages.database.transaction(async (tx) => {
    const [sender] = await tx.select().from(users).where(eq(users.id, userId));
    if (!sender) throw new AppError(401, 'AUTHENTICATION_FAILED');
    const content = {
      subject: input.subject,
      from: { address: sender.email, name: sender.name },
      to,
      cc,
      bcc,
      text: input.bodyText,
      html: input.bodyHtml,
      listedAttachments: 0,
      sizeBytes: Buffer.byteLength(input.bodyText) + Buffer.byteLength(input.bodyHtml ?? ''),
    };
    const fields = {
      labels: input.labels,
      priority: input.priority,
      importance: input.importance,
      // The newest save leads the drafts list.
      receivedAt: now,
      updatedAt: now,
    };
    let id: number;
    // Editing a mail waiting to go takes it off the schedule, back to Drafts (issue 36, as Gmail).
    if (input.draftId !== undefined && (await removeScheduledSend(tx, userId, input.draftId)))
      await placeDraft(tx, userId, input.draftId, await getSystemFolder(tx, userId, 'DRAFTS'), now);
    if (input.draftId !== undefined) {
      // The attachment columns of a draft follow its linked files (below), not this save.
      const updated = await rewriteDraft(tx, userId, input.draftId, content, fields);
      if (updated === undefined)
        throw new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('messages:draftNotFound') });
      id = updated;
    } else {
      const drafts = await getSystemFolder(tx, userId, 'DRAFTS');
      id = await insertStoredMessage(tx, content, {
        ...fields,
        userId,
        mailboxId: drafts.id,
        isDraft: true,
        isRead: true,
        createdAt: now,
      });
      await adjustCounts(tx, drafts.id, { total: 1 });
    }
    if (input.attachmentIds.length > 0) {
      const count = await deps.files.linkToDraft(tx, userId, id, input.attachmentIds);
      await setAttachmentCount(tx, id, count);
    }
    if (input.context) await saveDraftContext(tx, userId, id, input.context);
    return id;
  });
}
