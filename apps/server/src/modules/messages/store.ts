import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { reusableInsert } from '../../db/reusable-query.js';
import { attachments } from '../../db/schema/attachments.js';
import { messages, searchableMessages } from '../../db/schema/mail.js';
import {
  storedContent,
  storedMessageRow,
  type MessageContent,
  type MessageInsert,
  type MessageRowFields,
} from '../../mail/format/stored-row.js';
import type { DeliveryMessages } from '../../mail/pipeline/ports.js';
import type { FolderContents } from '../folders/index.js';

/*
 * Where message rows are written for other areas: new ones one at a time (the sender's SENT copy,
 * a new draft, the welcome message) or a delivery's in one statement, a draft saved again, and the
 * attachment columns. Text goes through `searchableMessages`: a write through `messages` would drop
 * the search columns without a word, and leave the row to the backfill. The rows themselves are
 * built by mail/format/stored-row.ts.
 */

/** Inserts one stored message and answers its id. */
export async function insertStoredMessage(
  q: Queryable,
  content: MessageContent,
  fields: MessageRowFields,
): Promise<number> {
  const [row] = await q
    .insert(searchableMessages)
    .values(storedMessageRow(content, fields))
    .returning({ id: searchableMessages.id });
  return row!.id;
}

/** Built once: the messages of a delivery batch, one row each, in one statement (db/reusable-query.ts). */
const insertMessages = reusableInsert('deliver_message', searchableMessages, (q, rows) =>
  q.insert(searchableMessages).values(rows).returning({ id: searchableMessages.id }),
);

async function insert(tx: Tx, rows: MessageInsert[]): Promise<number[]> {
  const inserted = await insertMessages(tx, rows);
  if (inserted.length !== rows.length) throw new Error('message insert returned the wrong number of rows');
  // Ids are drawn in the order of the rows (reusableInsert): the smallest is the first row's.
  return inserted.map((row) => row.id).sort((a, b) => a - b);
}

/** The message rows as delivery writes them (mail/pipeline/store-message.ts). */
export const deliveryMessages: DeliveryMessages = { insert };

/**
 * A draft of the user's saved again in place: its content and `fields`, the attachment columns
 * left to its linked files. Answers its id, or undefined when it is not the user's draft.
 */
export async function rewriteDraft(
  tx: Tx,
  userId: number,
  draftId: number,
  content: MessageContent,
  fields: Partial<MessageInsert>,
): Promise<number | undefined> {
  const { hasAttachments: _has, attachmentCount: _count, ...columns } = storedContent(content);
  const [updated] = await tx
    .update(searchableMessages)
    .set({ ...columns, ...fields })
    .where(
      and(
        eq(searchableMessages.id, draftId),
        eq(searchableMessages.userId, userId),
        eq(searchableMessages.isDraft, true),
      ),
    )
    .returning({ id: searchableMessages.id });
  return updated?.id;
}

/** The user's draft locked for sending; undefined when it is not the user's draft. */
export async function lockOwnedDraft(tx: Tx, userId: number, draftId: number) {
  const [draft] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.id, draftId), eq(messages.userId, userId), eq(messages.isDraft, true)))
    .for('update');
  return draft;
}

/** A message's paperclip and count, as its listed files are `count`. */
export async function setAttachmentCount(tx: Tx, messageId: number, count: number): Promise<void> {
  await tx
    .update(messages)
    .set({ hasAttachments: count > 0, attachmentCount: count })
    .where(eq(messages.id, messageId));
}

/** Keeps the messages' paperclip and count (read by lists and filters) in step with their file rows. */
export async function refreshAttachmentCounts(
  q: Queryable,
  messageIds: Iterable<number | null>,
): Promise<void> {
  const ids = [...new Set([...messageIds].filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  // Inline images (cid: parts of an HTML body) are not what a paperclip promises, as in delivery.
  const counted = sql<number>`(SELECT count(*)::int FROM ${attachments} WHERE ${attachments.messageId} = ${messages.id} AND NOT ${attachments.isInline})`;
  await q
    .update(messages)
    .set({ attachmentCount: counted, hasAttachments: sql`${counted} > 0` })
    .where(inArray(messages.id, ids));
}

/** A deleted folder's mail, into the trash (modules/folders' FolderContents). */
export const folderContents: FolderContents = {
  async moveToTrash(tx, userId, folderIds, trashId) {
    const moved = await tx
      .update(messages)
      .set({ mailboxId: trashId, updatedAt: new Date() })
      .where(and(eq(messages.userId, userId), inArray(messages.mailboxId, [...folderIds])))
      .returning({ isRead: messages.isRead });
    return { total: moved.length, unread: moved.filter((m) => !m.isRead).length };
  },
};
