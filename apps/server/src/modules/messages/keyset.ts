import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { formatMessageSort, type MessageSort } from '@postline/shared/message-queries';
import { VALIDATION_MESSAGES } from '@postline/shared/validation-messages';
import { conversationHeads, messages } from '../../db/schema/mail.js';
import { AppError } from '../../lib/errors.js';

/*
 * Keyset paging of the message lists (issue 14): a page is found by the sort key, received_at and
 * id of the row next to it, never by counting the rows before it, so the last page of a huge folder
 * costs what the first does. Every sort ends in id, which is unique: no row is skipped or repeated,
 * however many share a sort key.
 */

/**
 * The (received_at, id) every order ends in: the message's own, or for the conversation list its
 * copy in conversation_heads, whose date index then gives the order (issue 36).
 */
export interface OrderKeys {
  receivedAt: AnyColumn;
  id: AnyColumn;
}
export const MESSAGE_KEYS: OrderKeys = { receivedAt: messages.receivedAt, id: messages.id };
export const CONVERSATION_KEYS: OrderKeys = {
  receivedAt: conversationHeads.receivedAt,
  id: conversationHeads.messageId,
};

/** The sender as the list shows it: display name, else address (SPEC §2). */
const senderSortKey = sql`lower(coalesce(nullif(${messages.fromName}, ''), ${messages.fromAddress}))`;

/** The sort's own key; receivedAt has none beyond the (received_at, id) that every sort ends in. */
function primaryKey(sort: MessageSort): SQL | null {
  switch (sort.field) {
    case 'receivedAt':
      return null;
    case 'subject':
      return sql`lower(${messages.subject})`;
    case 'from':
      return senderSortKey;
    case 'size':
      return sql`${messages.sizeBytes}`;
  }
}

/**
 * ORDER BY for a sort: the key in the chosen direction, then newest first and id, so ties keep the
 * order they always had. `reversed` reads the same order backwards (for the page before a cursor).
 */
export function orderByFor(sort: MessageSort, reversed = false, keys: OrderKeys = MESSAGE_KEYS): SQL[] {
  const up = (sort.direction === 'asc') !== reversed;
  const key = primaryKey(sort);
  if (!key) return [up ? asc(keys.receivedAt) : desc(keys.receivedAt), up ? asc(keys.id) : desc(keys.id)];
  const newestFirst = !reversed;
  const tie = newestFirst ? desc : asc;
  return [up ? asc(key) : desc(key), tie(keys.receivedAt), tie(keys.id)];
}

/** Columns a list query selects so the server can write a cursor for its first and last rows. */
export function cursorColumns(sort: MessageSort, keys: OrderKeys = MESSAGE_KEYS) {
  const key = primaryKey(sort);
  return {
    // Microseconds: a JavaScript Date would round them away and the cursor would miss rows.
    cursorTime: sql<string>`to_char(${keys.receivedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cursorKey: key ? sql<string | null>`(${key})::text` : sql<string | null>`null::text`,
  };
}

/** What a cursor holds: which sort, which way from the row, and that row's position. */
export interface MessageCursor {
  sort: string;
  /** 'n': the rows after this one (next page); 'p': the rows before it (previous page). */
  way: 'n' | 'p';
  key: string | null;
  time: string;
  id: number;
}

export interface CursorRow {
  id: number;
  cursorTime: string;
  cursorKey: string | null;
}

export function encodeCursor(sort: MessageSort, way: 'n' | 'p', row: CursorRow): string {
  const body: MessageCursor = {
    sort: formatMessageSort(sort),
    way,
    key: row.cursorKey,
    time: row.cursorTime,
    id: row.id,
  };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

const invalidCursor = () =>
  new AppError(400, 'VALIDATION_ERROR', { text: VALIDATION_MESSAGES.invalidCursor });

/** Reads a cursor the server wrote for this sort; anything else is a 400 in the user's language. */
export function decodeCursor(text: string, sort: MessageSort): MessageCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const c = value as Partial<MessageCursor> | null;
  const valid =
    c !== null &&
    typeof c === 'object' &&
    c.sort === formatMessageSort(sort) &&
    (c.way === 'n' || c.way === 'p') &&
    Number.isSafeInteger(c.id) &&
    typeof c.time === 'string' &&
    !Number.isNaN(Date.parse(c.time)) &&
    (primaryKey(sort) ? typeof c.key === 'string' : c.key === null) &&
    (sort.field !== 'size' || /^-?\d{1,15}$/.test(c.key ?? ''));
  if (!valid) throw invalidCursor();
  return c as MessageCursor;
}

/**
 * The rows strictly beyond the cursor's row in the direction it points, in the sort's order. The
 * leading `key >=` (or `<=`) is implied by the rest; it is there so an index on the key bounds the scan.
 */
export function beyondCursor(sort: MessageSort, cursor: MessageCursor, keys: OrderKeys = MESSAGE_KEYS): SQL {
  const forward = cursor.way === 'n';
  const up = (sort.direction === 'asc') === forward;
  const time = sql`${cursor.time}::timestamptz`;
  const key = primaryKey(sort);
  if (!key) {
    return up
      ? sql`(${keys.receivedAt}, ${keys.id}) > (${time}, ${cursor.id})`
      : sql`(${keys.receivedAt}, ${keys.id}) < (${time}, ${cursor.id})`;
  }
  const value = sort.field === 'size' ? sql`${Number(cursor.key)}::integer` : sql`${cursor.key}::text`;
  // Ties on the key go newest first: forward means older (smaller), backward newer.
  const tie = forward
    ? sql`(${keys.receivedAt}, ${keys.id}) < (${time}, ${cursor.id})`
    : sql`(${keys.receivedAt}, ${keys.id}) > (${time}, ${cursor.id})`;
  return up
    ? sql`(${key} >= ${value} AND (${key} > ${value} OR (${key} = ${value} AND ${tie})))`
    : sql`(${key} <= ${value} AND (${key} < ${value} OR (${key} = ${value} AND ${tie})))`;
}
