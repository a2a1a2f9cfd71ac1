import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { listMigrations } from '../../src/db/migrate.js';

/** Which database the suite runs on: PGlite by default, PostgreSQL when POSTLINE_TEST_DB=postgres. */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.POSTLINE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const m of listMigrations()) hash.update(m.name).update(m.sql);
  return hash.digest('hex').slice(0, 16);
}

/** A migrated PGlite folder made once per migration set; each test copies it (0.1 s, not 3 s). */
export function pgliteTemplateDir(): string {
  return path.join(os.tmpdir(), `postline-pglite-template-${migrationsHash()}`);
}

export async function ensurePgliteTemplate(): Promise<void> {
  const dir = pgliteTemplateDir();
  if (fs.existsSync(path.join(dir, 'ready'))) return;
  const building = `${dir}.${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
  await database.close();
  fs.writeFileSync(path.join(building, 'ready'), '');
  try {
    fs.renameSync(building, dir);
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another run made it first
  }
}

export interface TestDatabase {
  database: Database;
  dataDir: string;
  databaseUrl?: string;
  /** Closes the database and removes every trace of it. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-test-'));
  if (testDatabaseKind === 'pglite') {
    await ensurePgliteTemplate();
    fs.cpSync(path.join(pgliteTemplateDir(), 'pglite'), path.join(dataDir, 'pglite'), {
      recursive: true,
      filter: (source) => !source.endsWith('postline.sock'),
    });
    const database = await openDatabase({ dataDir });
    return {
      database,
      dataDir,
      async destroy() {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('POSTLINE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `postline_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await openDatabase({ dataDir, databaseUrl });
  return {
    database,
    dataDir,
    databaseUrl,
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
