import { getTableColumns, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { reusableInsert } from '../../db/reusable-query.js';
import { mailboxCountDeltas, mailboxes } from '../../db/schema/core.js';
import { queryRows } from '../../db/rows.js';

/*
 * A folder's total and unread counts (issue 13): the folder row holds them as of the last fold, and
 * every change since is a row of mailbox_count_deltas written in the transaction that made it. So a
 * delivery never waits for another one's lock on the folder row; readers add what is pending, and
 * foldFolderCounts moves the pending rows into the folder rows every few seconds.
 */

export interface CountDelta {
  total?: number;
  unread?: number;
}

/**
 * The one place a folder's totalCount and unreadCount change: call it in the same transaction as
 * the change of a message's folder or read state.
 */
export async function adjustCounts(tx: Queryable, mailboxId: number, delta: CountDelta): Promise<void> {
  await adjustManyCounts(tx, [{ mailboxId, ...delta }]);
}

/** Built once: every delivery writes one delta row (db/reusable-query.ts). */
const insertOneDelta = reusableInsert('mailbox_count_delta', mailboxCountDeltas, (q, values) =>
  q.insert(mailboxCountDeltas).values(values),
);

/** Several folders' changes in one statement (a delivery to many recipients, a bulk move). */
export async function adjustManyCounts(
  tx: Queryable,
  changes: ReadonlyArray<{ mailboxId: number } & CountDelta>,
): Promise<void> {
  const rows = changes
    .map((c) => ({ mailboxId: c.mailboxId, total: c.total ?? 0, unread: c.unread ?? 0 }))
    .filter((c) => c.total !== 0 || c.unread !== 0);
  const [only] = rows;
  if (!only) return;
  if (rows.length === 1) await insertOneDelta(tx, [only]);
  else await tx.insert(mailboxCountDeltas).values(rows);
}

const pending = (column: 'total' | 'unread') =>
  sql`coalesce((SELECT sum(d.${sql.raw(column)}) FROM ${mailboxCountDeltas} d WHERE d.mailbox_id = ${mailboxes.id}), 0)`;

/** The count columns as readers must see them: the row's figure plus what is pending, never below 0. */
export const countedTotal = sql<number>`greatest(${mailboxes.totalCount} + ${pending('total')}, 0)::int`;
export const countedUnread = sql<number>`greatest(${mailboxes.unreadCount} + ${pending('unread')}, 0)::int`;

/** Every column of a folder's row (the mailboxes table), with the counts as they are now. */
export const folderColumns = {
  ...getTableColumns(mailboxes),
  totalCount: countedTotal,
  unreadCount: countedUnread,
};

/**
 * Moves the pending changes into the folder rows, all in one statement: the rows it deletes are
 * exactly the ones it adds, so two nodes folding at once never count a change twice.
 */
export async function foldFolderCounts(db: Queryable): Promise<number> {
  const folded = await queryRows<{ id: number }>(
    db,
    sql`
    WITH folded AS (
      DELETE FROM mailbox_count_deltas RETURNING mailbox_id, total, unread
    ), sums AS (
      SELECT mailbox_id, sum(total)::int AS total, sum(unread)::int AS unread FROM folded GROUP BY mailbox_id
    )
    UPDATE mailboxes m
    SET total_count = greatest(m.total_count + s.total, 0),
        unread_count = greatest(m.unread_count + s.unread, 0)
    FROM sums s WHERE m.id = s.mailbox_id
    RETURNING m.id`,
  );
  return folded.length;
}
