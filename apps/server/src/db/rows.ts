import type { SQL } from 'drizzle-orm';
import type { Queryable } from './types.js';

/**
 * The rows of a raw SQL statement, as the caller names them. node-postgres and PGlite both answer
 * `{ rows }`, but Drizzle's database type, written over both drivers, leaves the result open: this
 * is the one place that says what it is, instead of the same cast at every call (issue 35).
 */
export async function queryRows<Row>(q: Queryable, query: SQL): Promise<Row[]> {
  const result = (await q.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
