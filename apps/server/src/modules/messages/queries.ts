import { and, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { MessageListQuery, MessageSearchQuery } from '@postline/shared/message-queries';
import { parseSearchQuery, type SearchField, type SearchNode } from '@postline/shared/search-syntax';
import type { Queryable } from '../../db/client.js';
import { mailboxes } from '../../db/schema/core.js';
import { messages } from '../../db/schema/mail.js';
import { AppError } from '../../lib/errors.js';
import { countedUnread, getOwnedFolder, getSystemFolder } from '../folders/index.js';
import { messagePage, type PageRequest } from './message-page.js';
import { countRows } from './repository.js';
import { assertSearchShape } from './search-budget.js';
import { searchIndexCondition } from './search-index.js';
import { dayStart, looksInTrashOrSpam, searchInstant, searchNodeCondition } from './search-sql.js';
import { localizedText } from '../../lib/i18n.js';

/**
 * Past these many matches a count stops and reports the cap as an estimate (totalIsEstimate, "more
 * than N"): counting every hit of a common word in a huge folder would cost more than the page
 * itself. Paging goes on past the cap: each page reads one row more to know whether another follows.
 */
export const LIST_COUNT_CAP = 10_000;
export const SEARCH_COUNT_CAP = 1_000;
/**
 * A search counts only as far as ten pages past the one asked for, up to SEARCH_COUNT_CAP: the pager
 * shows "more than N" and a "…" beyond that. A common word's count re-checks every row it counts and
 * was most of the answer's time (docs/BENCHMARKS.md, issue 14); the first page of 20 now counts 200
 * rows, not 1,000, and the count grows as the user pages on.
 */
export const SEARCH_PAGES_AHEAD = 10;

export function searchCountCap(page: number, size: number): number {
  return Math.min(SEARCH_COUNT_CAP, (page + SEARCH_PAGES_AHEAD) * size);
}

/** Mail outside TRASH and SPAM: what "all mail" means for views and search. */
function outsideTrashAndSpam(userId: number): SQL {
  return sql`${messages.mailboxId} NOT IN (SELECT ${mailboxes.id} FROM ${mailboxes} WHERE ${mailboxes.userId} = ${userId} AND ${mailboxes.type} IN ('TRASH', 'SPAM'))`;
}

export async function folderFor(
  db: Queryable,
  userId: number,
  query: Pick<MessageListQuery, 'mailboxId' | 'mailboxType'>,
) {
  if (query.mailboxId !== undefined) return getOwnedFolder(db, userId, query.mailboxId);
  const type = query.mailboxType ?? 'INBOX';
  if (type === 'CUSTOM')
    throw new AppError(400, 'VALIDATION_ERROR', { text: localizedText('messages:customNeedsId') });
  return getSystemFolder(db, userId, type);
}

/** GET /messages: one folder, newest first unless sorted otherwise, with the flag filters. */
export async function listFolderMessages(db: Queryable, userId: number, query: MessageListQuery) {
  const folder = await folderFor(db, userId, query);
  const filters: SQL[] = [];
  if (query.isRead !== undefined) filters.push(eq(messages.isRead, query.isRead));
  if (query.isStarred !== undefined) filters.push(eq(messages.isStarred, query.isStarred));
  if (query.hasAttachments !== undefined) filters.push(eq(messages.hasAttachments, query.hasAttachments));
  const where = and(eq(messages.mailboxId, folder.id), eq(messages.userId, userId), ...filters);
  const onlyReadFilter = query.isStarred === undefined && query.hasAttachments === undefined;
  // The folder row keeps total and unread: no count query unless another filter applies.
  const total =
    query.isRead === undefined && onlyReadFilter
      ? folder.totalCount
      : onlyReadFilter
        ? query.isRead
          ? Math.max(folder.totalCount - folder.unreadCount, 0)
          : folder.unreadCount
        : () => countRows(db, where, LIST_COUNT_CAP);
  return messagePage(db, where, query, total);
}

export type MessageView = 'unread' | 'starred' | 'attachments';

/** GET /messages/unread|starred|attachments: across the user's folders but TRASH and SPAM. */
export async function listView(db: Queryable, userId: number, view: MessageView, request: PageRequest) {
  const flag =
    view === 'unread'
      ? not(messages.isRead)
      : view === 'starred'
        ? messages.isStarred
        : messages.hasAttachments;
  const where = and(eq(messages.userId, userId), flag, outsideTrashAndSpam(userId));
  const total =
    view === 'unread'
      ? async () => ({ total: await unreadOutsideTrash(db, userId), capped: false })
      : () => countRows(db, where, LIST_COUNT_CAP);
  return messagePage(db, where, request, total);
}

/** Unread mail in every folder but TRASH and SPAM, from the folder rows. */
export async function unreadOutsideTrash(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${countedUnread}), 0)::int` })
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), not(inArray(mailboxes.type, ['TRASH', 'SPAM']))));
  return Number(row?.n ?? 0);
}

/**
 * The search's conditions: the user's own mail always, the scope (one folder, or all mail outside
 * TRASH and SPAM unless the query asks for those), the query box and the advanced fields, ANDed.
 */
async function searchConditions(
  db: Queryable,
  userId: number,
  query: MessageSearchQuery,
  mailboxId: number | undefined,
  guard: SQL | undefined,
): Promise<SQL> {
  const parsed = query.q ? parseSearchQuery(query.q) : null;
  // The schema refused a malformed q already; this only narrows the type.
  const node = parsed?.ok ? parsed.node : null;
  const conditions: (SQL | undefined)[] = [eq(messages.userId, userId), guard];
  if (mailboxId !== undefined) conditions.push(eq(messages.mailboxId, mailboxId));
  else if (!looksInTrashOrSpam(node)) conditions.push(outsideTrashAndSpam(userId));
  const nodes: SearchNode[] = [
    ...(node ? [node] : []),
    ...(query.keyword ? [textNode('any', query.keyword)] : []),
    ...(query.from ? [textNode('from', query.from)] : []),
    ...(query.to ? [textNode('to', query.to)] : []),
  ];
  assertSearchShape(nodes, query);
  const indexCondition = await searchIndexCondition(db, userId, nodes);
  conditions.push(indexCondition);
  for (const item of nodes) conditions.push(searchNodeCondition(userId, item, indexCondition !== undefined));
  if (query.startDate)
    conditions.push(sql`${messages.receivedAt} >= ${searchInstant(dayStart(query.startDate))}`);
  if (query.endDate) {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(query.endDate);
    const end = dayStart(query.endDate);
    if (dateOnly) {
      const next = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
      conditions.push(sql`${messages.receivedAt} < ${searchInstant(next)}`);
    } else {
      conditions.push(sql`${messages.receivedAt} <= ${searchInstant(end)}`);
    }
  }
  if (query.hasAttachment !== undefined) conditions.push(eq(messages.hasAttachments, query.hasAttachment));
  if (query.isUnread !== undefined) conditions.push(eq(messages.isRead, !query.isUnread));
  if (query.isStarred !== undefined) conditions.push(eq(messages.isStarred, query.isStarred));
  return and(...conditions)!;
}

const textNode = (field: SearchField, value: string): SearchNode => ({
  kind: 'text',
  field,
  value,
  phrase: false,
});

/**
 * GET /messages/search (DESIGN.md 2): the query box (q), keyword in subject, sender, recipients and
 * body, plus filters. `guard` is the budget's condition on the messages read (search-budget.ts).
 */
export async function searchMessages(db: Queryable, userId: number, query: MessageSearchQuery, guard?: SQL) {
  let mailboxId: number | undefined;
  if (query.mailboxType) {
    if (query.mailboxType === 'CUSTOM')
      throw new AppError(400, 'VALIDATION_ERROR', { text: localizedText('messages:customNeedsId') });
    const [row] = await db
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(and(eq(mailboxes.userId, userId), eq(mailboxes.type, query.mailboxType)));
    // A Spam or Archive folder not made yet holds nothing: an empty page, not an error.
    if (!row) return messagePage(db, sql`false`, query, 0);
    mailboxId = row.id;
  }
  const where = await searchConditions(db, userId, query, mailboxId, guard);
  const cap = searchCountCap(query.page, query.size);
  return messagePage(db, where, query, () => countRows(db, where, cap, { newestFirst: true }));
}
