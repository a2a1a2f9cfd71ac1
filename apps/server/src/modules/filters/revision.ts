import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/*
 * The revision of a user's filters (filter_revisions): raised by every change to them, read by
 * delivery to know whether its cache of active filters (active-filter-cache.ts) is still good.
 */

/**
 * Marks the user's filters as changed, in the caller's transaction: every write of repository.ts calls it, so
 * delivery's cache (active-filter-cache.ts) sees any change at its next read. Executions do not.
 */
export async function bumpFilterRevision(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO filter_revisions (user_id, revision) VALUES (${userId}, 1)
    ON CONFLICT (user_id) DO UPDATE SET revision = filter_revisions.revision + 1`);
}

/** The user's filter revision as a column of a larger select (delivery reads it with the user). */
export function filterRevisionOf(userId: SQL | AnyColumn): SQL<string | null> {
  return sql<string | null>`(SELECT revision::text FROM filter_revisions WHERE user_id = ${userId})`;
}

/** The user's filter revision; null when they never had a filter. */
export async function filterRevision(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await queryRows<{ r: string | null }>(
    db,
    sql`SELECT ${filterRevisionOf(sql`${userId}`)} AS r`,
  );
  return row?.r == null ? null : String(row.r);
}
