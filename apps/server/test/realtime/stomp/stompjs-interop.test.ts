import { Client, type IFrame, type IMessage, type IStompSocket } from '@stomp/stompjs';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_CONNECT, APP_TEST, USER_NOTIFICATIONS_QUEUE } from '@postline/shared/realtime';
import { SessionRegistry } from '../../../src/realtime/stomp/registry.js';
import { StompSession, type StompSessionOptions } from '../../../src/realtime/stomp/session.js';
import { PRINCIPALS } from './harness.js';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

/**
 * A WebSocket in memory: what the client sends feeds a StompSession, what the session sends arrives
 * at onmessage. Deliveries are asynchronous, as on a real socket, so neither side re-enters the other.
 */
class InMemoryWebSocket implements IStompSocket {
  url = 'memory://postline/ws';
  binaryType = 'arraybuffer';
  readyState = CONNECTING;
  onopen: ((ev?: unknown) => unknown) | null = null;
  onmessage: ((ev: { data: string }) => unknown) | null = null;
  onclose: ((ev?: unknown) => unknown) | null = null;
  onerror: ((ev: unknown) => unknown) | null = null;
  readonly session: StompSession;
  readonly fromServer: string[] = [];

  constructor(options: StompSessionOptions) {
    this.session = new StompSession(
      {
        send: (text) => {
          this.fromServer.push(text);
          setTimeout(() => this.onmessage?.({ data: text }), 0);
        },
        close: (code, reason) => this.finish(code ?? 1000, reason ?? ''),
      },
      options,
    );
    setTimeout(() => {
      this.readyState = OPEN;
      this.onopen?.({});
    }, 0);
  }

  send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    if (this.readyState !== OPEN) throw new Error('socket is not open');
    if (typeof data !== 'string') throw new Error('SockJS carries text only');
    setTimeout(() => this.session.receive(data), 0);
  }

  close(): void {
    if (this.readyState === CLOSED) return;
    this.session.transportClosed();
    this.finish(1000, 'client closed');
  }

  private finish(code: number, reason: string): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    setTimeout(() => this.onclose?.({ code, reason, wasClean: true }), 0);
  }
}

const clients: Client[] = [];

function stompClient(socketOptions: StompSessionOptions, token: string, heartbeatMs = 4000) {
  const sockets: InMemoryWebSocket[] = [];
  const client = new Client({
    webSocketFactory: () => {
      const socket = new InMemoryWebSocket(socketOptions);
      sockets.push(socket);
      return socket;
    },
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatIncoming: heartbeatMs,
    heartbeatOutgoing: heartbeatMs,
    reconnectDelay: 0,
    debug: () => undefined,
  });
  clients.push(client);
  return { client, sockets };
}

function until<T>(register: (resolve: (value: T) => void) => void, ms = 3000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate()));
});

describe('interop with the real @stomp/stompjs Client', () => {
  it('connects with a bearer token, subscribes and receives a pushed Korean notification', async () => {
    const registry = new SessionRegistry();
    const sends: Array<{ destination: string; body: unknown }> = [];
    const options: StompSessionOptions = {
      authenticate: async (token) => PRINCIPALS[token] ?? null,
      onSend: (_userId, destination, body) => {
        sends.push({ destination, body });
      },
      heartbeatMs: 4000,
      onOpen: (s) => registry.add(s),
      onClose: (s) => registry.remove(s),
    };
    const { client, sockets } = stompClient(options, 'good');
    const notification = {
      id: 41,
      type: 'NEW_MESSAGE',
      title: '새 메일: 분기 보고서 검토 요청 📄',
      content: '박지영님이 보낸 메일이 도착했습니다.',
      message: '박지영님이 보낸 메일이 도착했습니다.',
      isRead: false,
      readAt: null,
      createdAt: '2025-11-21T05:00:00.000Z',
      referenceType: 'MESSAGE',
      referenceId: 120,
      data: { messageId: 120, from: 'jiyoung@example.com', subject: '분기 보고서 검토 요청' },
    };

    const connected = until<IFrame>((resolve) => {
      client.onConnect = resolve;
    });
    client.activate();
    const frame = await connected;
    expect(frame.headers.version).toBe('1.2');
    expect(frame.headers['heart-beat']).toBe('4000,4000');
    expect(sockets[0]?.session.heartbeat).toEqual({ sendEveryMs: 4000, expectEveryMs: 4000 });

    const received = until<IMessage>((resolve) => {
      client.subscribe(USER_NOTIFICATIONS_QUEUE, resolve, { receipt: 'subscribed' });
    });
    await until<void>((resolve) => client.watchForReceipt('subscribed', () => resolve()));
    client.publish({ destination: APP_CONNECT, body: JSON.stringify({}) });
    client.publish({
      destination: APP_TEST,
      body: JSON.stringify({ title: '테스트 알림', content: '안녕하세요 👋' }),
    });

    expect(registry.pushToUser(7, USER_NOTIFICATIONS_QUEUE, notification)).toBe(1);
    const message = await received;
    expect(message.headers['content-type']).toBe('application/json');
    expect(JSON.parse(message.body)).toEqual(notification);
    await until<void>((resolve) => {
      const poll = setInterval(() => sends.length === 2 && (clearInterval(poll), resolve()), 5);
    });
    expect(sends).toEqual([
      { destination: APP_CONNECT, body: {} },
      { destination: APP_TEST, body: { title: '테스트 알림', content: '안녕하세요 👋' } },
    ]);

    await client.deactivate();
    expect(registry.count()).toBe(0);
  });

  it('keeps an idle link alive on exchanged heart-beats', async () => {
    const options: StompSessionOptions = {
      authenticate: async (token) => PRINCIPALS[token] ?? null,
      onSend: () => undefined,
      heartbeatMs: 100,
    };
    const { client, sockets } = stompClient(options, 'good', 100);
    let closedEarly = false;
    client.onWebSocketClose = () => {
      closedEarly = true;
    };
    const connected = until<IFrame>((resolve) => {
      client.onConnect = resolve;
    });
    client.activate();
    expect((await connected).headers['heart-beat']).toBe('100,100');

    // Five heart-beats of 100 ms each: however slow the machine, the link outlives them.
    await expect
      .poll(() => sockets[0]?.fromServer.filter((text) => text === '\n').length ?? 0, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(5);
    const socket = sockets[0];
    expect(socket?.session.state).toBe('connected');
    expect(closedEarly).toBe(false);
    expect(sockets).toHaveLength(1);
  });

  it('reports an ERROR frame to the client when the token is refused', async () => {
    const options: StompSessionOptions = {
      authenticate: async (token) => PRINCIPALS[token] ?? null,
      onSend: () => undefined,
      heartbeatMs: 4000,
    };
    const { client } = stompClient(options, 'forged');
    const error = until<IFrame>((resolve) => {
      client.onStompError = resolve;
    });
    client.activate();
    const frame = await error;
    expect(frame.headers.message).toBe('Invalid or expired token');
    expect(frame.headers.code).toBe('AUTHENTICATION_FAILED');
  });
});
