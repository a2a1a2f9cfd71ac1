import { Client, type IFrame, type IMessage, type IStompSocket } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';
import { SOCKJS_PATH } from '@postline/shared/realtime';
import type { PostlineServer } from '../../src/build-server.js';

/** SockJS's own transports, or 'plain': a WebSocket to /ws/websocket, what the web app opens first. */
export type Transport = 'websocket' | 'xhr-streaming' | 'xhr-polling' | 'plain';

/** The SockJS address of a server running web (createTestServer), as a browser reaches it. */
export function realtimeUrl(server: PostlineServer): string {
  if (!server.httpUrl) throw new Error('this server does not run web: no /ws to connect to');
  return `${server.httpUrl}${SOCKJS_PATH}`;
}

export function sockjsSocket(url: string, transport: Transport = 'websocket'): IStompSocket {
  if (transport === 'plain') {
    return new WebSocket(`${url.replace(/^http/, 'ws')}/websocket`) as unknown as IStompSocket;
  }
  // sockjs-client's socket is a WebSocket look-alike; stompjs asks only for that much.
  return new SockJS(url, null, { transports: [transport] }) as unknown as IStompSocket;
}

export interface TestStomp {
  client: Client;
  /** Resolves with CONNECTED; never settles when the server refuses. */
  connected: Promise<IFrame>;
  isConnected(): boolean;
  /** Resolves when the socket closes, with its close code. */
  closed: Promise<{ code: number; reason: string }>;
  errors: IFrame[];
  messages: IMessage[];
  /** SUBSCRIBE and wait for its RECEIPT, so no later push can overtake the subscription. */
  subscribe(destination: string): Promise<void>;
  /** The next MESSAGE (or one already received and not yet taken). */
  nextMessage(timeoutMs?: number): Promise<IMessage>;
  /** The body of the next MESSAGE that matches, passing over others (e.g. delivered-mail pushes). */
  nextBodyWhere(
    match: (body: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** True if no MESSAGE arrives within the time. */
  noMessageWithin(ms: number): Promise<boolean>;
  stop(): Promise<void>;
}

/** A push that is a notification, not a delivered-mail or read-state push. */
export const isNotification = (body: Record<string, unknown>) => !('kind' in body);

/** A real @stomp/stompjs client over a real sockjs-client, with reconnecting turned off. */
export function stompClient(
  url: string,
  token: string | null,
  transport: Transport = 'websocket',
): TestStomp {
  const errors: IFrame[] = [];
  const messages: IMessage[] = [];
  let taken = 0;
  let waiter: (() => void) | null = null;
  let connectedFlag = false;
  let resolveConnected: (frame: IFrame) => void = () => undefined;
  let resolveClosed: (event: { code: number; reason: string }) => void = () => undefined;
  const connected = new Promise<IFrame>((resolve) => (resolveConnected = resolve));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (resolveClosed = resolve));
  const client = new Client({
    webSocketFactory: () => sockjsSocket(url, transport),
    connectHeaders: token === null ? {} : { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 4000,
    heartbeatOutgoing: 4000,
    debug: () => undefined,
    onConnect: (frame) => {
      connectedFlag = true;
      resolveConnected(frame);
    },
    onStompError: (frame) => errors.push(frame),
    onWebSocketClose: (event: { code: number; reason: string }) => {
      connectedFlag = false;
      resolveClosed({ code: event.code, reason: event.reason });
    },
  });
  client.activate();
  const onMessage = (message: IMessage) => {
    messages.push(message);
    waiter?.();
  };
  // A MESSAGE for a subscription this client does not know still counts as received.
  client.onUnhandledMessage = onMessage;
  return {
    client,
    connected,
    isConnected: () => connectedFlag,
    closed,
    errors,
    messages,
    async subscribe(destination) {
      const receipt = `sub-${Math.random().toString(36).slice(2)}`;
      const confirmed = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.subscribe(destination, onMessage, { receipt });
      await confirmed;
    },
    async nextMessage(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= messages.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no MESSAGE arrived in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiter = null;
      }
      return messages[taken++] as IMessage;
    },
    async nextBodyWhere(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const body = JSON.parse((await this.nextMessage(Math.max(1, deadline - Date.now()))).body) as Record<
          string,
          unknown
        >;
        if (match(body)) return body;
      }
    },
    async noMessageWithin(ms) {
      const before = messages.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return messages.length === before;
    },
    async stop() {
      await client.deactivate();
    },
  };
}

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms),
    ),
  ]);
}
