import { and, type SQL } from 'drizzle-orm';
import type { MessagePage } from '@postline/shared/messages';
import type { MessageSort } from '@postline/shared/message-queries';
import type { Queryable } from '../../db/client.js';
import { beyondCursor, CONVERSATION_KEYS, decodeCursor, encodeCursor, MESSAGE_KEYS } from './keyset.js';
import { presentListItem } from './presenter.js';
import { selectListRows, type CappedCount, type ListRowsOf, type MessageCursorRow } from './repository.js';

/*
 * One page of a message list (issue 14): by keyset when the client sends the cursor of the page
 * next to it, else by offset (a jump to any page). The rows are read one past the page so the
 * answer knows whether more follow, whatever the count says.
 */

export interface PageRequest {
  /** Zero-based; with a cursor, the number of the page the cursor leads to. */
  page: number;
  size: number;
  sort: MessageSort;
  cursor?: string | undefined;
}

/** The total: a number kept exact elsewhere (the folder's counters), or a capped count. */
export type PageTotal = number | (() => Promise<CappedCount>);

/** The page's rows (one more read than shown), and whether pages follow and precede it. */
export async function readRows(
  db: Queryable,
  where: SQL | undefined,
  request: PageRequest,
  of: ListRowsOf = 'messages',
) {
  const { size, sort } = request;
  if (request.cursor === undefined) {
    const rows = await selectListRows(
      db,
      where,
      sort,
      {
        offset: request.page * size,
        limit: size + 1,
        reversed: false,
      },
      of,
    );
    return { rows: rows.slice(0, size), hasNext: rows.length > size, hasPrev: request.page > 0 };
  }
  const cursor = decodeCursor(request.cursor, sort);
  const forward = cursor.way === 'n';
  const keys = of === 'conversations' ? CONVERSATION_KEYS : MESSAGE_KEYS;
  const rows = await selectListRows(
    db,
    and(where, beyondCursor(sort, cursor, keys)),
    sort,
    {
      offset: 0,
      limit: size + 1,
      reversed: !forward,
    },
    of,
  );
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if (forward) return { rows: page, hasNext: more, hasPrev: true };
  return { rows: page.reverse(), hasNext: true, hasPrev: more };
}

export async function messagePage(
  db: Queryable,
  where: SQL | undefined,
  request: PageRequest,
  total: PageTotal,
): Promise<MessagePage> {
  const [read, count] = await Promise.all([
    readRows(db, where, request),
    typeof total === 'number' ? { total, capped: false } : total(),
  ]);
  return assemblePage(request, read, count);
}

/** The answer for rows read and their count: totals, pages and the neighbours' cursors. */
export function assemblePage(
  request: PageRequest,
  read: Awaited<ReturnType<typeof readRows>>,
  count: CappedCount,
): MessagePage {
  const { rows, hasNext, hasPrev } = read;
  const { page, size, sort } = request;
  const first = rows[0];
  const lastRow = rows.at(-1);
  const cursorOf = (way: 'n' | 'p', row: MessageCursorRow | undefined) =>
    row ? encodeCursor(sort, way, row) : null;
  // Rows this page proves exist: every page before it, and its own.
  const seen = rows.length > 0 ? page * size + rows.length : 0;
  // A capped count is a lower bound; on the page where the rows end, the total is known exactly.
  const estimate = count.capped && (hasNext || rows.length === 0);
  const totalElements = count.capped ? (estimate ? Math.max(count.total, seen) : seen) : count.total;
  const totalPages = Math.max(
    Math.ceil(totalElements / size),
    rows.length > 0 ? page + 1 : 0,
    hasNext ? page + 2 : 0,
  );
  return {
    content: rows.map(presentListItem),
    number: page,
    size,
    totalElements,
    totalPages,
    first: page === 0,
    last: !hasNext,
    nextCursor: hasNext ? cursorOf('n', lastRow) : null,
    prevCursor: hasPrev && page > 0 ? cursorOf('p', first) : null,
    totalIsEstimate: estimate,
  };
}
