import { describe, expect, it } from 'vitest';
import { createTestServer, signIn } from '../helpers/test-app.js';
import { realtimeUrl, stompClient, within, type Transport } from './clients.js';

/*
 * A node that stops (SIGTERM runs the same close()) lets go of every open socket, so the process
 * ends at once. A plain WebSocket once held it until the client gave up on the close handshake:
 * about 8 s per open Chromium, 30 s for a `ws` client. SockJS's transports get 1001; the plain
 * socket sees its connection end (1006): sockjs 0.3's raw endpoint sends no close frame a client
 * receives before the end. The web app retries either the same way.
 */
describe('stopping a node with sockets open', () => {
  it.each<Transport>(['plain', 'websocket', 'xhr-streaming'])(
    'closes a %s socket with 1001 and finishes closing',
    async (transport) => {
      const test = await createTestServer({ SERVICES: 'web' });
      const jun = await signIn(test.app, 'jun@example.com', '이준');
      const client = stompClient(realtimeUrl(test.server), jun.accessToken, transport);
      await within(client.connected, 10_000, 'CONNECTED');

      await within(test.close(), 5_000, 'the node closing');

      const { code } = await within(client.closed, 5_000, 'the socket closing');
      expect(code).toBe(transport === 'plain' ? 1006 : 1001);
      await client.stop();
    },
  );
});
