import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../src/db/client.js';
import {
  createTestDatabase,
  ensurePgliteTemplate,
  pgliteTemplateDir,
  testDatabaseKind,
  type TestDatabase,
} from '../../helpers/database.js';
import { rows } from '../helpers/rows.js';
import { dataPayload, RawSmtpClient } from '../helpers/smtp-client.js';
import {
  ensureServerBuilt,
  postJson,
  spawnServer,
  START_DEADLINE_MS,
  type ServerEnv,
  type ServerProcess,
} from '../helpers/server-process.js';

/*
 * Issue 2 and 3, "must hold": what the server acknowledged (a 250 after DATA, a 200 after sign-in)
 * is still there after kill -9, and a data folder is only ever open in one process.
 */

/** Starting a whole server may take long on a loaded machine; each test allows for several. */
const SERVER_TESTS_MS = 4 * START_DEADLINE_MS;

const running: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  await ensureServerBuilt();
  await ensurePgliteTemplate(); // the data-folder lock test runs on PGlite whatever the suite's database
}, 300_000);
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.kill9();
  }
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A fresh place for one server: a PGlite folder (copied from the migrated template) or a PostgreSQL database. */
async function freshEnv(
  kind: 'pglite' | 'postgres' = testDatabaseKind,
): Promise<ServerEnv & { inspect<T>(q: ReturnType<typeof sql>): Promise<T[]> }> {
  if (kind === 'postgres') {
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.destroy());
    return { dataDir: db.dataDir, databaseUrl: db.databaseUrl, inspect: (q) => rows(db.database, q) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-kill9-'));
  fs.cpSync(path.join(pgliteTemplateDir(), 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
    filter: (source) => !source.endsWith('postline.sock'),
  });
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    dataDir,
    // A fresh open of the folder, as the next process would see it; only when no server holds it.
    async inspect<T>(q: ReturnType<typeof sql>) {
      const database: Database = await openDatabase({ dataDir });
      try {
        return await rows<T>(database, q);
      } finally {
        await database.close();
      }
    },
  };
}

async function start(env: ServerEnv): Promise<ServerProcess> {
  const server = await spawnServer(env);
  running.push(server);
  return server;
}

async function signIn(server: ServerProcess, email: string, name: string) {
  const res = await postJson(server.baseUrl, '/api/v1/auth/mock-login', { email, name });
  expect(res.status).toBe(200);
  return res.body.data as { accessToken: string; refreshToken: string; user: { id: number } };
}

describe('kill -9 right after the server said yes', () => {
  it(
    'keeps a message whose 250 arrived, and shows it after restart',
    async () => {
      const env = await freshEnv();
      const first = await start(env);
      const jun = await signIn(first, 'jun@postline.local', 'Jun');

      const { client } = await RawSmtpClient.connect(first.smtpPort);
      await client.command('EHLO partner.example');
      await client.command('MAIL FROM:<partner@example.com>');
      expect(await client.command('RCPT TO:<jun@postline.local>')).toMatch(/^250/);
      expect(await client.command('DATA')).toMatch(/^354/);
      client.write(
        dataPayload(
          Buffer.from(
            'From: partner@example.com\r\nTo: jun@postline.local\r\nSubject: kill-9 survivor 생존\r\n\r\nstill here\r\n',
          ),
        ),
      );
      const final = await client.nextReply();
      first.child.kill('SIGKILL'); // the very moment the 250 is in
      expect(final).toMatch(/^250 /);
      expect((await first.exited).signal).toBe('SIGKILL');
      client.close();

      const second = await start(env);
      const page = await fetch(`${second.baseUrl}/api/v1/messages?mailboxType=INBOX`, {
        headers: { authorization: `Bearer ${jun.accessToken}` },
      });
      if (page.status !== 404) {
        expect(page.status).toBe(200);
        expect(JSON.stringify(await page.json())).toContain('kill-9 survivor 생존');
      }
      expect(await second.stop()).toBe(0);
      const stored = await env.inspect<{ subject: string }>(
        sql`SELECT subject FROM messages WHERE user_id = ${jun.user.id}`,
      );
      expect(stored.map((m) => m.subject)).toContain('kill-9 survivor 생존');
    },
    SERVER_TESTS_MS,
  );

  it(
    'keeps a user created by a sign-in answered just before kill -9, session included',
    async () => {
      const env = await freshEnv();
      const first = await start(env);
      const res = await postJson(first.baseUrl, '/api/v1/auth/mock-login', {
        email: 'newcomer@postline.local',
        name: '새내기',
      });
      first.child.kill('SIGKILL');
      expect(res.status).toBe(200);
      await first.exited;
      const tokens = res.body.data as { refreshToken: string; user: { id: number } };

      const users = await env.inspect<{ id: number; name: string }>(
        sql`SELECT id, name FROM users WHERE email = 'newcomer@postline.local'`,
      );
      expect(users).toEqual([{ id: tokens.user.id, name: '새내기' }]);
      const boxes = await env.inspect<{ type: string }>(
        sql`SELECT type FROM mailboxes WHERE user_id = ${tokens.user.id} ORDER BY type`,
      );
      expect(boxes.map((b) => b.type)).toEqual(expect.arrayContaining(['DRAFTS', 'INBOX', 'SENT', 'TRASH']));

      const second = await start(env);
      const refreshed = await postJson(second.baseUrl, '/api/v1/auth/refresh', {
        refreshToken: tokens.refreshToken,
      });
      expect(refreshed.status).toBe(200);
      const me = await fetch(`${second.baseUrl}/api/v1/auth/me`, {
        headers: { authorization: `Bearer ${String(refreshed.body.data.accessToken)}` },
      });
      expect(((await me.json()) as { data: { id: number } }).data.id).toBe(tokens.user.id);
    },
    SERVER_TESTS_MS,
  );
});

describe('one process per data folder (PGlite)', () => {
  it(
    'refuses a second server on the same DATA_DIR, and lets one start after the first is killed',
    async () => {
      const env = await freshEnv('pglite');
      const first = await start(env);
      const second = await spawnServer(env, false);
      running.push(second);
      const exit = await second.exited;
      expect(exit.code).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(second.output()).toContain('already open in another Postline process');
      const health = await fetch(`${first.baseUrl}/api/v1/health`);
      expect(health.status).toBe(200);

      await first.kill9();
      const third = await start(env);
      expect((await fetch(`${third.baseUrl}/api/v1/health`)).status).toBe(200);
      expect(await third.stop()).toBe(0);
    },
    SERVER_TESTS_MS,
  );

  it(
    'starts at once after kill -9, twenty times in a row',
    async () => {
      const env = await freshEnv('pglite');
      let server = await start(env);
      for (let round = 0; round < 20; round += 1) {
        await server.kill9();
        server = await start(env); // immediately: no waiting for anything to expire
        expect((await fetch(`${server.baseUrl}/api/v1/health`)).status).toBe(200);
      }
      expect(await server.stop()).toBe(0);
    },
    SERVER_TESTS_MS * 5,
  );

  it(
    'is not kept out by a lock file naming its own pid (a container restarted as PID 1)',
    async () => {
      const env = await freshEnv('pglite');
      // What an older version left behind; in a container the new process has that same pid.
      fs.writeFileSync(
        path.join(env.dataDir, 'pglite', 'postline.lock'),
        JSON.stringify({ pid: 1, host: os.hostname() }),
      );
      const server = await start(env);
      expect((await fetch(`${server.baseUrl}/api/v1/health`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
    },
    SERVER_TESTS_MS,
  );
});
