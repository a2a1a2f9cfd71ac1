import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type PostlineServer } from '../../../src/build-server.js';
import { testDatabaseKind } from '../../helpers/database.js';
import {
  createTestApp,
  createTestServer,
  signIn,
  type TestContext,
  type TestServer,
} from '../../helpers/test-app.js';
import { startFakeRelay, type FakeRelay } from '../../mail/helpers/fake-relay.js';
import { eventually } from '../../mail/helpers/rows.js';
import { arrives, copies, inMs, relayed } from './scheduled-helpers.js';

/*
 * Issue 36: the schedule lives in the database, never in one process's timer. A mail scheduled on
 * a server that stops before its time goes from the server that starts after; with two nodes on
 * one PostgreSQL, each mail goes exactly once.
 */

let relay: FakeRelay;
beforeAll(async () => {
  relay = await startFakeRelay({ user: 'relay', pass: 'secret' });
});
afterAll(async () => relay?.close());

const relayEnv = () => ({
  SMTP_RELAY_URL: `smtp://relay:secret@127.0.0.1:${relay.port}`,
  OUTBOX_POLL_SECONDS: '0.1',
});

describe('a scheduled mail and a restart', () => {
  let ctx: TestContext;
  afterAll(async () => ctx?.close());

  it('arrives at its time from the server started after the one it was scheduled on stopped', async () => {
    // The database outlives the servers, as a data folder or a PostgreSQL does.
    ctx = await createTestApp({ ...relayEnv(), SERVICES: 'web,worker' });
    const first = await buildServer(ctx.config, { database: ctx.db.database, logger: false });
    const minji = await signIn(first.app, 'minji@example.com', '김민지');
    const junId = (await signIn(first.app, 'jun@example.com', 'Jun')).user.id;
    const sendAt = inMs(2_500);
    const res = await first.app.inject({
      method: 'POST',
      url: `/api/v1/messages?sendAt=${encodeURIComponent(sendAt)}`,
      headers: minji.headers,
      payload: {
        toAddresses: ['jun@example.com', 'far@remote.test'],
        subject: 'Across a restart',
        bodyText: 'Hello',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await first.close();
    const database = ctx.db.database;
    expect(await copies(database, junId, 'INBOX', 'Across a restart')).toBe(0);
    // Down past its time: nothing went while no server ran.
    await eventually(async () => Date.now() > Date.parse(sendAt) + 500, 10_000);
    expect(await copies(database, junId, 'INBOX', 'Across a restart')).toBe(0);

    const second = await buildServer(ctx.config, { database, logger: false });
    try {
      await arrives(database, junId, 'INBOX', 'Across a restart');
      await eventually(async () => relayed(relay, 'Across a restart') > 0, 20_000);
      expect(await copies(database, minji.user.id, 'SENT', 'Across a restart')).toBe(1);
      expect(await copies(database, minji.user.id, 'SCHEDULED', 'Across a restart')).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')(
  'two nodes on one PostgreSQL (skipped on PGlite, which is single-process: run with POSTLINE_TEST_DB=postgres)',
  () => {
    let nodeA: TestServer;
    let nodeB: PostlineServer;
    let dataDirB: string;

    beforeAll(async () => {
      nodeA = await createTestServer({ ...relayEnv(), SERVICES: 'web,worker' });
      // Node B as a second process would build itself: the same config, its own pool and data folder.
      dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-node-b-'));
      nodeB = await buildServer(
        { ...nodeA.config, dataDir: dataDirB, databaseUrl: nodeA.db.databaseUrl },
        { logger: false },
      );
    });
    afterAll(async () => {
      await nodeB?.close();
      if (dataDirB) fs.rmSync(dataDirB, { recursive: true, force: true });
      await nodeA?.close();
    });

    it('sends each scheduled mail once, whichever node claims it', async () => {
      const minji = await signIn(nodeA.app, 'minji@example.com', '김민지');
      const junId = (await signIn(nodeB.app, 'jun@example.com', 'Jun')).user.id;
      const sendAt = inMs(2_000);
      const subjects = Array.from({ length: 12 }, (_, i) => `Both nodes [${i + 1}]`);
      for (const [i, subject] of subjects.entries()) {
        const node = i % 2 === 0 ? nodeA.app : nodeB.app;
        const res = await node.inject({
          method: 'POST',
          url: `/api/v1/messages?sendAt=${encodeURIComponent(sendAt)}`,
          headers: minji.headers,
          payload: { toAddresses: ['jun@example.com', 'far@remote.test'], subject, bodyText: 'Once only' },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const database = nodeA.db.database;
      for (const subject of subjects) await arrives(database, junId, 'INBOX', subject);
      await eventually(async () => subjects.every((subject) => relayed(relay, subject) > 0), 20_000);
      // A marker scheduled after them has arrived too: anything sent twice would be in by now.
      const marker = await nodeB.app.inject({
        method: 'POST',
        url: `/api/v1/messages?sendAt=${encodeURIComponent(inMs(1_000))}`,
        headers: minji.headers,
        payload: { toAddresses: ['jun@example.com'], subject: 'Both nodes marker', bodyText: 'Last' },
      });
      expect(marker.statusCode).toBe(200);
      await arrives(database, junId, 'INBOX', 'Both nodes marker');
      for (const subject of subjects) {
        expect(await copies(database, junId, 'INBOX', subject), subject).toBe(1);
        expect(relayed(relay, subject), subject).toBe(1);
        expect(await copies(database, minji.user.id, 'SENT', subject), subject).toBe(1);
      }
    });
  },
);
