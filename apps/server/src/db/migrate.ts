import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './types.js';
import { queryRows } from './rows.js';

/**
 * SQL migrations in src/db/migrations, applied in file-name order at start, each once, each in its
 * own transaction. Written here rather than drizzle-kit's migrator because that one opens PGlite
 * without the pg_trgm extension (STACK.md) and because several feature areas add files side by side.
 * A PostgreSQL advisory lock keeps two nodes starting together from racing.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
const MIGRATION_LOCK_KEY = 7_347_001;

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(new URL(name, `file://${dir}`), 'utf8') }));
}

/** Statements are separated by `--> statement-breakpoint` lines, as drizzle-kit writes them. */
export function splitStatements(text: string): string[] {
  return text
    .split(/^-->\s*statement-breakpoint\s*$/m)
    .map((part) => part.trim())
    .filter((part) => part.replace(/--.*$/gm, '').trim().length > 0);
}

export async function applyMigrations(database: Database): Promise<string[]> {
  const { db } = database;
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  const applied: string[] = [];
  for (const migration of listMigrations()) {
    await database.transaction(async (tx) => {
      if (database.kind === 'postgres') {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      }
      const done = await queryRows(tx, sql`SELECT 1 FROM schema_migrations WHERE name = ${migration.name}`);
      if (done.length > 0) return;
      for (const statement of splitStatements(migration.sql)) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`);
      applied.push(migration.name);
    });
  }
  return applied;
}
