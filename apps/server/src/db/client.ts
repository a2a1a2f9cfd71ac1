import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { GroupSync } from './group-sync.js';
import { applyMigrations } from './migrate.js';
import type { Database, Db, NotificationHandler } from './types.js';

export type { Database, Db, NotificationHandler, Queryable, Tx } from './types.js';

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE); PGlite has one. */
  poolSize?: number | undefined;
}

export const DEFAULT_POOL_SIZE = 20;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE)
    : await openPglite(path.join(options.dataDir, 'pglite'));
  try {
    await applyMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  const lock: DataDirLock = await acquireDataDirLock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (error) {
    await lock.release();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Db;
  // Deliveries that commit close together share one flush (group commit, see group-sync.ts).
  const flushes = new GroupSync(() => client.syncToFs());
  let closed = false;
  return {
    kind: 'pglite',
    db,
    async transaction(work) {
      const result = await db.transaction(work);
      await flushes.afterNextFlush();
      return result;
    },
    sync: () => flushes.afterNextFlush(),
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      return unsubscribe;
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await client.query('SELECT 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await flushes.idle();
        await client.syncToFs();
        await client.close();
      } finally {
        await lock.release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool) as unknown as Db;
  // One dedicated connection carries LISTEN for every channel of this node. If it drops, it is
  // opened again and every channel re-LISTENed, so this node keeps receiving pushes.
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  const handlers = new Map<string, Set<NotificationHandler>>();
  function connectListener(): Promise<pg.Client> {
    if (listener) return listener;
    const attempt = (async () => {
      const client = new pg.Client({ connectionString: url });
      const lost = () => {
        if (listener !== attempt) return;
        listener = undefined;
        if (!closed && handlers.size > 0)
          setTimeout(() => void connectListener().catch(() => undefined), 1000).unref();
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      return client;
    })();
    listener = attempt;
    attempt.catch(() => {
      if (listener === attempt) listener = undefined;
      if (!closed && handlers.size > 0)
        setTimeout(() => void connectListener().catch(() => undefined), 1000).unref();
    });
    return attempt;
  }
  return {
    kind: 'postgres',
    db,
    transaction: (work) => db.transaction(work),
    sync: async () => undefined,
    async listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const client = await connectListener();
        await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    async close() {
      closed = true;
      const current = listener;
      listener = undefined;
      if (current) await current.then((c) => c.end()).catch(() => undefined);
      await pool.end();
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
