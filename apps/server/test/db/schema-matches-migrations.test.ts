import { is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { generateDrizzleJson } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as attachments from '../../src/db/schema/attachments.js';
import * as awayReplies from '../../src/db/schema/away-replies.js';
import * as contacts from '../../src/db/schema/contacts.js';
import * as core from '../../src/db/schema/core.js';
import * as drafts from '../../src/db/schema/drafts.js';
import * as filters from '../../src/db/schema/filters.js';
import * as mail from '../../src/db/schema/mail.js';
import * as notifications from '../../src/db/schema/notifications.js';
import * as remoteImages from '../../src/db/schema/remote-images.js';
import * as scheduled from '../../src/db/schema/scheduled.js';
import * as settings from '../../src/db/schema/settings.js';
import * as signatures from '../../src/db/schema/signatures.js';
import * as templates from '../../src/db/schema/templates.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * The SQL migrations are written by hand (functions, triggers, expression and GIN indexes that
 * drizzle-kit cannot express); the Drizzle schema is what the code queries through. They must
 * describe the same tables (issue 16, part 4): every table, column, type, NOT NULL and primary key
 * of the schema (as drizzle-kit reads it) must be in the migrated database, and the database must
 * have no table or column the schema lacks. drizzle-kit's own pushSchema would do this, but in
 * 0.31 it drops the parameters of one of its queries and fails on composite primary keys.
 */
const SCHEMA = {
  ...attachments,
  ...awayReplies,
  ...contacts,
  ...core,
  ...drafts,
  ...filters,
  ...mail,
  ...notifications,
  ...remoteImages,
  ...scheduled,
  ...settings,
  ...signatures,
  ...templates,
};

/** Types as PostgreSQL's format_type() writes them. */
function databaseType(drizzleType: string): string {
  const aliases: Record<string, string> = {
    serial: 'integer',
    bigserial: 'bigint',
    timestamp: 'timestamp without time zone',
    'timestamp with time zone': 'timestamp with time zone',
  };
  return (aliases[drizzleType] ?? drizzleType).replace(/^varchar/, 'character varying');
}

type Shape = Record<string, Record<string, string>>;

/** The part of drizzle-kit's snapshot of a table read here (its declared type says less). */
interface DrizzleTable {
  name: string;
  columns: Record<string, { name: string; type: string; notNull: boolean; primaryKey: boolean }>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
}

function schemaShape(): Shape {
  const shape: Shape = {};
  // One table at a time: two Drizzle tables may view one SQL table (messages and its search
  // columns), and drizzle-kit would keep only the last of them.
  for (const [key, value] of Object.entries(SCHEMA)) {
    if (!is(value, PgTable)) continue;
    const { tables } = generateDrizzleJson({ [key]: value }) as unknown as {
      tables: Record<string, DrizzleTable>;
    };
    for (const table of Object.values(tables)) {
      const pk = new Set(Object.values(table.compositePrimaryKeys).flatMap((k) => k.columns));
      const columns = (shape[table.name] ??= {});
      for (const c of Object.values(table.columns)) {
        const notNull = c.notNull || c.primaryKey ? ' not null' : '';
        columns[c.name] = `${databaseType(c.type)}${notNull}${c.primaryKey || pk.has(c.name) ? ' pk' : ''}`;
      }
    }
  }
  return shape;
}

async function databaseShape(db: TestDatabase): Promise<Shape> {
  const result = await db.database.db.execute(sql`
    SELECT c.relname AS table_name, a.attname AS column_name,
      format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
      EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS pk
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relkind = 'r' AND c.relname <> 'schema_migrations'
    ORDER BY c.relname, a.attnum`);
  const rows = (
    result as unknown as {
      rows: { table_name: string; column_name: string; type: string; not_null: boolean; pk: boolean }[];
    }
  ).rows;
  const shape: Shape = {};
  for (const row of rows) {
    (shape[row.table_name] ??= {})[row.column_name] =
      `${row.type}${row.not_null ? ' not null' : ''}${row.pk ? ' pk' : ''}`;
  }
  return shape;
}

/** One line per table or column that differs, so a failure says exactly what to fix. */
function differences(database: Shape, schema: Shape): string[] {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(database), ...Object.keys(schema)])) {
    const inDatabase = database[table];
    const inSchema = schema[table];
    if (!inDatabase || !inSchema) {
      lines.push(`${table}: only in the ${inDatabase ? 'database' : 'schema'}`);
      continue;
    }
    for (const column of new Set([...Object.keys(inDatabase), ...Object.keys(inSchema)])) {
      if (inDatabase[column] !== inSchema[column])
        lines.push(
          `${table}.${column}: database ${inDatabase[column] ?? '—'}, schema ${inSchema[column] ?? '—'}`,
        );
    }
  }
  return lines;
}

describe('the Drizzle schema and the migrated database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('have the same tables, columns, types, NOT NULL and primary keys', async () => {
    expect(differences(await databaseShape(db), schemaShape())).toEqual([]);
  });
});
