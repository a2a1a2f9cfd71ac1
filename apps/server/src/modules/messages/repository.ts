import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { MessageSort } from '@postline/shared/message-queries';
import type { Queryable } from '../../db/client.js';
import { mailboxes } from '../../db/schema/core.js';
import { conversationHeads, messages } from '../../db/schema/mail.js';
import { CONVERSATION_KEYS, cursorColumns, MESSAGE_KEYS, orderByFor } from './keyset.js';

/** Columns of a list row: everything but bodies, Bcc and raw headers. */
const listColumns = {
  id: messages.id,
  subject: messages.subject,
  fromAddress: messages.fromAddress,
  fromName: messages.fromName,
  toAddresses: messages.toAddresses,
  ccAddresses: messages.ccAddresses,
  preview: messages.preview,
  hasAttachments: messages.hasAttachments,
  attachmentCount: messages.attachmentCount,
  isRead: messages.isRead,
  isStarred: messages.isStarred,
  isDraft: messages.isDraft,
  receivedAt: messages.receivedAt,
  sentAt: messages.sentAt,
  mailboxId: messages.mailboxId,
  mailboxType: mailboxes.type,
  sizeBytes: messages.sizeBytes,
  labels: messages.labels,
  priority: messages.priority,
  importance: messages.importance,
  threadId: messages.threadId,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
};

export type MessageRow = typeof messages.$inferSelect;
export type MessageDetailRow = MessageRow & { mailboxType: (typeof mailboxes.$inferSelect)['type'] };
/** A list row as the query reads it, with the position its cursor is written from. */
export type MessageCursorRow = Awaited<ReturnType<typeof selectListRows>>[number];
export type MessageListRow = Omit<MessageCursorRow, 'cursorTime' | 'cursorKey'>;

/** Which rows of the order a list query reads: from an offset, or backwards from a cursor. */
export interface RowWindow {
  offset: number;
  limit: number;
  /** Reads the order backwards (the page before a cursor); the caller turns the rows round. */
  reversed: boolean;
}

/**
 * Which rows a list reads: every message, or (the conversation list, issue 36) only each
 * conversation's newest in its folder, joined from conversation_heads, whose date index gives the
 * order (keyset.ts CONVERSATION_KEYS).
 */
export type ListRowsOf = 'messages' | 'conversations';

export function selectListRows(
  db: Queryable,
  where: SQL | undefined,
  sort: MessageSort,
  window: RowWindow,
  of: ListRowsOf = 'messages',
) {
  const keys = of === 'conversations' ? CONVERSATION_KEYS : MESSAGE_KEYS;
  const query = db
    .select({ ...listColumns, ...cursorColumns(sort, keys) })
    .from(messages)
    .innerJoin(mailboxes, eq(mailboxes.id, messages.mailboxId))
    .$dynamic();
  if (of === 'conversations') query.innerJoin(conversationHeads, headOfMessage);
  return query
    .where(where)
    .orderBy(...orderByFor(sort, window.reversed, keys))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * A message that is its conversation's newest in its folder (conversation_heads). By id alone: with
 * the date too the planner took the two for one condition's worth and hashed every head (36 ms at
 * 30,000 messages, against 0.2 ms walking the heads' date index).
 */
export const headOfMessage = eq(conversationHeads.messageId, messages.id);

/** A count, and whether it stopped at its cap (then there are more rows than `total`). */
export interface CappedCount {
  total: number;
  capped: boolean;
}

/**
 * count(*) that stops after cap + 1 rows: a huge match set is reported as "more than cap", cheaply.
 * `newestFirst` asks for the rows in date order, which lets the planner walk a date index and stop
 * at the cap instead of building bitmaps of every candidate; a search's count at 1,000,000 messages
 * spent 103 of its 114 ms on those bitmaps (docs/BENCHMARKS.md, issue 14).
 */
export async function countRows(
  db: Queryable,
  where: SQL | undefined,
  cap: number,
  { newestFirst = false }: { newestFirst?: boolean } = {},
): Promise<CappedCount> {
  const rows = db
    .select({ one: sql`1` })
    .from(messages)
    .where(where);
  const ordered = newestFirst ? rows.orderBy(desc(messages.receivedAt), desc(messages.id)) : rows;
  const inner = ordered.limit(cap + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

export async function findMessageRow(
  db: Queryable,
  userId: number,
  id: number,
): Promise<MessageDetailRow | undefined> {
  const [row] = await db
    .select({ message: messages, mailboxType: mailboxes.type })
    .from(messages)
    .innerJoin(mailboxes, eq(mailboxes.id, messages.mailboxId))
    .where(and(eq(messages.id, id), eq(messages.userId, userId)));
  return row ? { ...row.message, mailboxType: row.mailboxType } : undefined;
}

/** The row locked for a change of mailbox or state in this transaction. */
export async function lockMessageRow(
  db: Queryable,
  userId: number,
  id: number,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .for('update');
  return row;
}

/** A folder's messages after `afterId`, oldest first, locked for this transaction (a filter's run over existing mail). */
export function lockFolderBatch(
  db: Queryable,
  userId: number,
  mailboxId: number,
  afterId: number,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.mailboxId, mailboxId), gt(messages.id, afterId)))
    .orderBy(asc(messages.id))
    .limit(limit)
    .for('update');
}

/** What a filter may change of a stored message: its folder, flags and labels. Counts are the caller's. */
export type MessageState = Pick<MessageRow, 'mailboxId' | 'isRead' | 'isStarred' | 'labels'>;

export async function setMessageState(db: Queryable, id: number, state: MessageState): Promise<void> {
  await db
    .update(messages)
    .set({ ...state, updatedAt: new Date() })
    .where(eq(messages.id, id));
}
