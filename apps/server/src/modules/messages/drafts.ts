import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SaveDraftRequest } from '@postline/shared/message-requests';
import { users } from '../../db/schema/core.js';
import { messages, searchableMessages } from '../../db/schema/mail.js';
import { AppError } from '../../lib/errors.js';
import { adjustCounts, getSystemFolder } from '../folders/index.js';
import { storedContent } from '../../mail/format/stored-row.js';
import { insertStoredMessage } from './store.js';
import { localizedText } from '../../lib/i18n.js';
import { saveDraftContext } from './draft-context.js';
import { recipientEntries } from './recipient-entries.js';

/**
 * Saves a draft in DRAFTS: a new one, or the user's draft `draftId` rewritten in place. Drafts are
 * stored read, so they never count as unread mail. Answers the draft's id.
 */
export async function saveDraft(
  app: FastifyInstance,
  userId: number,
  input: SaveDraftRequest,
): Promise<number> {
  const to = recipientEntries(input.toAddresses);
  const cc = recipientEntries(input.ccAddresses);
  const bcc = recipientEntries(input.bccAddresses);
  const now = new Date();
  return app.database.transaction(async (tx) => {
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
    if (input.draftId !== undefined) {
      // The attachment columns of a draft follow its linked files (below), not this save.
      const { hasAttachments: _has, attachmentCount: _count, ...columns } = storedContent(content);
      const [updated] = await tx
        .update(searchableMessages)
        .set({ ...columns, ...fields })
        .where(
          and(
            eq(searchableMessages.id, input.draftId),
            eq(searchableMessages.userId, userId),
            eq(searchableMessages.isDraft, true),
          ),
        )
        .returning({ id: searchableMessages.id });
      if (!updated)
        throw new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('messages:draftNotFound') });
      id = updated.id;
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
    const link = app.messageAttachments.linkDraft;
    if (link && input.attachmentIds.length > 0) {
      const count = await link(tx, userId, id, input.attachmentIds);
      await tx
        .update(messages)
        .set({ hasAttachments: count > 0, attachmentCount: count })
        .where(eq(messages.id, id));
    }
    if (input.context) await saveDraftContext(tx, userId, id, input.context);
    return id;
  });
}
