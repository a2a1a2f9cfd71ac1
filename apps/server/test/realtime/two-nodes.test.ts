import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NOTIFICATIONS_QUEUE } from '@postline/shared/realtime';
import { buildServer, type PostlineServer } from '../../src/build-server.js';
import { testDatabaseKind } from '../helpers/database.js';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../helpers/test-app.js';
import { isNotification, realtimeUrl, stompClient, within, type TestStomp } from './clients.js';

/**
 * Two server processes' worth of app on one PostgreSQL: what one node commits reaches sockets held by
 * the other through LISTEN/NOTIFY. PGlite lives inside one process, so there is no second node to
 * have; there the same path runs in-process (realtime.test.ts).
 */
describe.skipIf(testDatabaseKind !== 'postgres')(
  'two nodes on one PostgreSQL (skipped on PGlite, which is single-process: run with POSTLINE_TEST_DB=postgres)',
  () => {
    let nodeA: TestServer;
    let nodeB: PostlineServer;
    let dataDirB: string;
    let urlA: string;
    let urlB: string;
    let jun: SignedIn;
    let minji: SignedIn;
    const clients: TestStomp[] = [];

    beforeAll(async () => {
      nodeA = await createTestServer({ SERVICES: 'web' });
      // Node B as a second process would build itself: the same config, its own data folder.
      dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-node-b-'));
      nodeB = await buildServer(
        { ...nodeA.config, dataDir: dataDirB, databaseUrl: nodeA.db.databaseUrl },
        { logger: false },
      );
      urlA = realtimeUrl(nodeA.server);
      urlB = realtimeUrl(nodeB);
      jun = await signIn(nodeA.app, 'jun@example.com', '이준');
      minji = await signIn(nodeB.app, 'minji@example.com', '김민지');
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.stop()));
      await nodeB?.close();
      if (dataDirB) fs.rmSync(dataDirB, { recursive: true, force: true });
      await nodeA?.close();
    });

    async function connectedTo(url: string, token: string): Promise<TestStomp> {
      const stomp = stompClient(url, token);
      clients.push(stomp);
      await within(stomp.connected, 10_000, 'CONNECTED');
      await stomp.subscribe(USER_NOTIFICATIONS_QUEUE);
      return stomp;
    }

    it('pushes a notification created on node A to a socket on node B', async () => {
      const onB = await connectedTo(urlB, jun.accessToken);
      const res = await nodeA.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/test',
        headers: jun.headers,
        payload: { title: 'A에서 B로' },
      });
      expect(res.statusCode).toBe(200);
      const pushed = JSON.parse((await onB.nextMessage()).body);
      expect(pushed).toEqual(res.json().data);
    });

    it('pushes new mail delivered by node A to the recipient on node B, and to no one else', async () => {
      const junOnB = await connectedTo(urlB, jun.accessToken);
      const minjiOnA = await connectedTo(urlA, minji.accessToken);
      const sent = await nodeA.app.inject({
        method: 'POST',
        url: '/api/v1/messages',
        headers: minji.headers,
        payload: { toAddresses: ['jun@example.com'], subject: '노드 간 메일', bodyText: '본문' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(await junOnB.nextBodyWhere(isNotification)).toMatchObject({
        type: 'NEW_MESSAGE',
        content: '노드 간 메일',
      });
      expect(await minjiOnA.noMessageWithin(500)).toBe(true);
    });

    it('loads a notification too large for NOTIFY on the node that holds the socket', async () => {
      const onB = await connectedTo(urlB, jun.accessToken);
      const big = {
        type: 'SYSTEM_ALERT',
        title: '큰 알림',
        content: '가'.repeat(2000),
        data: { note: 'x'.repeat(9000) },
      };
      const res = await nodeA.app.inject({
        method: 'POST',
        url: '/api/v1/notifications',
        headers: jun.headers,
        payload: big,
      });
      expect(res.statusCode).toBe(200);
      const pushed = JSON.parse((await onB.nextMessage()).body);
      expect(pushed).toEqual(res.json().data);
      expect(pushed.data.note).toHaveLength(9000);
    });

    it('closes the socket on node B when the session logs out on node A', async () => {
      const device = await signIn(nodeA.app, 'jun@example.com');
      const onB = await connectedTo(urlB, device.accessToken);
      await nodeA.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: device.headers });
      expect((await within(onB.closed, 5000, 'close on node B')).code).toBe(4001);
    });
  },
);
