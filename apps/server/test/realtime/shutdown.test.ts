import { describe, expect, it } from 'vitest';
import { createTestServer, signIn } from '../helpers/test-app.js';
import { realtimeUrl, stompClient, within, type Transport } from './clients.js';

/*
 * A node that stops (SIGTERM runs the same close()) lets go of every open socket, so the process
 * ends at once. A plain WebSocket once held it until the client gave up on the close handshake:
 * about 8 s per open Chromium, 30 s for a `ws` client. SockJS's transports get 1001; the plain
 * socket gets 1000, as faye-websocket allows no 1001 (endpoint.ts, closeCodeFor).
 */
describe('stopping a node with sockets open', () => {
  it.each<Transport>(['plain', 'websocket', 'xhr-streaming'])(
    'closes a %s socket as going away and finishes closing',
    async (transport) => {
      const test = await createTestServer({ SERVICES: 'web' });
      const jun = await signIn(test.app, 'jun@example.com', '이준');
      const client = stompClient(realtimeUrl(test.server), jun.accessToken, transport);
      await within(client.connected, 10_000, 'CONNECTED');

      await within(test.close(), 5_000, 'the node closing');

      const { code } = await within(client.closed, 5_000, 'the socket closing');
      expect(code).toBe(transport === 'plain' ? 1000 : 1001);
      await client.stop();
    },
  );
});
