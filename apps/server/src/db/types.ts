import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/*
 * The database's types, apart from client.ts so that migrate.ts (which client.ts runs at open)
 * can name them without importing client.ts back.
 */

/** Drizzle over either driver; modules write queries against this type only. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database itself or an open transaction. */
export type Queryable = Db | Tx;

export type NotificationHandler = (payload: string) => void;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * Runs `work` in one transaction and resolves only once the commit is durable:
   * on PGlite that means flushed to the data folder (STACK.md: PGlite does not flush by itself).
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Makes previous writes durable (a no-op on PostgreSQL, which is durable at commit). */
  sync(): Promise<void>;
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
