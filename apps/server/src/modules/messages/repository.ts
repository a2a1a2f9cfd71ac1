import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MessageSort } from '@postline/shared/message-queries';
import type { Queryable } from '../../db/client.js';
import { mailboxes } from '../../db/schema/core.js';
import { messages } from '../../db/schema/mail.js';

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
export type MessageListRow = Awaited<ReturnType<typeof selectListRows>>[number];

/** The sender as the list shows it: display name, else address (SPEC §2). */
const senderSortKey = sql`lower(coalesce(nullif(${messages.fromName}, ''), ${messages.fromAddress}))`;

/** ORDER BY for a sort; ties fall back to newest first, then id, so pages never overlap. */
export function orderByFor(sort: MessageSort): SQL[] {
  const dir = sort.direction === 'asc' ? asc : desc;
  switch (sort.field) {
    case 'receivedAt':
      return [dir(messages.receivedAt), dir(messages.id)];
    case 'subject':
      return [dir(sql`lower(${messages.subject})`), desc(messages.receivedAt), desc(messages.id)];
    case 'from':
      return [dir(senderSortKey), desc(messages.receivedAt), desc(messages.id)];
    case 'size':
      return [dir(messages.sizeBytes), desc(messages.receivedAt), desc(messages.id)];
  }
}

export function selectListRows(
  db: Queryable,
  where: SQL | undefined,
  sort: MessageSort,
  page: number,
  size: number,
) {
  return db
    .select(listColumns)
    .from(messages)
    .innerJoin(mailboxes, eq(mailboxes.id, messages.mailboxId))
    .where(where)
    .orderBy(...orderByFor(sort))
    .limit(size)
    .offset(page * size);
}

/** count(*) that stops at cap + 1 rows: a huge match set is reported as cap, cheaply. */
export async function countRows(db: Queryable, where: SQL | undefined, cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(messages)
    .where(where)
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
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
