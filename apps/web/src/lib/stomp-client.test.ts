import type { StompConfig } from '@stomp/stompjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeReasonKey, useRealtimeStatus } from './realtime-status';
import {
  openRealtimeConnection,
  plainWebSocketUrl,
  retryDelayMs,
  type StompClientLike,
} from './stomp-client';

/** Stands in for @stomp/stompjs' Client: records calls and lets the test play the server. */
class FakeStompClient implements StompClientLike {
  activations = 0;
  deactivations = 0;
  subscriptions: { destination: string; callback: (message: { body: string }) => void }[] = [];
  published: { destination: string; body: string }[] = [];

  constructor(readonly config: StompConfig) {}

  activate() {
    this.activations += 1;
  }
  deactivate() {
    this.deactivations += 1;
    return Promise.resolve();
  }
  subscribe(destination: string, callback: (message: { body: string }) => void) {
    this.subscriptions.push({ destination, callback });
    return {};
  }
  publish(params: { destination: string; body: string }) {
    this.published.push(params);
  }

  connect() {
    (this.config.onConnect as (frame?: unknown) => void)();
  }
  dropSocket(code = 1006) {
    this.config.onWebSocketClose?.({ code });
  }
  deliver(body: string) {
    for (const subscription of this.subscriptions) subscription.callback({ body });
  }
}

let client: FakeStompClient;
const createClient = (config: StompConfig) => (client = new FakeStompClient(config));
const status = () => useRealtimeStatus.getState();

beforeEach(() => {
  vi.useFakeTimers();
  useRealtimeStatus.setState({ phase: 'idle', connected: false, attempt: 0, closeCode: null });
});

afterEach(() => vi.useRealTimers());

function open(overrides: Partial<Parameters<typeof openRealtimeConnection>[0]> = {}) {
  const callbacks = { onNotification: vi.fn(), onConnected: vi.fn(), onGiveUp: vi.fn() };
  const connection = openRealtimeConnection({
    token: 'token-1',
    url: 'http://127.0.0.1:9/ws',
    createClient,
    ...callbacks,
    ...overrides,
  });
  return { connection, ...callbacks };
}

describe('opening the real-time connection', () => {
  it('connects with the bearer token and 4000 ms heart-beats, subscribes, then announces itself', () => {
    const { onConnected } = open();
    expect(client.config.connectHeaders).toEqual({ Authorization: 'Bearer token-1' });
    expect(client.config.heartbeatIncoming).toBe(4000);
    expect(client.config.heartbeatOutgoing).toBe(4000);
    expect(client.activations).toBe(1);
    expect(status().phase).toBe('connecting');

    client.connect();

    expect(client.subscriptions.map((s) => s.destination)).toEqual(['/user/queue/notifications']);
    expect(client.published).toEqual([{ destination: '/app/connect', body: '{}' }]);
    expect(status()).toMatchObject({ phase: 'connected', connected: true });
    expect(onConnected).toHaveBeenCalledTimes(1);
  });

  it('hands each message body over as JSON and drops bodies that are not JSON', () => {
    const { onNotification } = open();
    client.connect();
    client.deliver('{"id":1,"type":"NEW_MESSAGE"}');
    client.deliver('not json');
    expect(onNotification).toHaveBeenCalledTimes(1);
    expect(onNotification).toHaveBeenCalledWith({ id: 1, type: 'NEW_MESSAGE' });
  });
});

describe('reconnecting (SPEC §9)', () => {
  it('waits 5000 ms × attempt between retries', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([5000, 10000, 15000, 20000, 25000]);
    open();
    client.connect();
    client.dropSocket(1006);
    expect(status()).toMatchObject({ phase: 'reconnecting', attempt: 1, closeCode: 1006, connected: false });

    vi.advanceTimersByTime(4999);
    expect(client.activations).toBe(1);
    vi.advanceTimersByTime(1);
    expect(client.activations).toBe(2);

    client.dropSocket(2000);
    expect(status()).toMatchObject({ attempt: 2, closeCode: 2000 });
    vi.advanceTimersByTime(9999);
    expect(client.activations).toBe(2);
    vi.advanceTimersByTime(1);
    expect(client.activations).toBe(3);
  });

  it('gives up after five failed retries and says so once', () => {
    const { onGiveUp } = open();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      client.dropSocket(2000);
      expect(status()).toMatchObject({ phase: 'reconnecting', attempt });
      vi.advanceTimersByTime(retryDelayMs(attempt));
      expect(client.activations).toBe(attempt + 1);
    }
    client.dropSocket(2000);

    expect(status()).toMatchObject({ phase: 'failed', connected: false, closeCode: 2000 });
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(onGiveUp).toHaveBeenCalledWith(2000);
    vi.advanceTimersByTime(10 * 60_000);
    expect(client.activations).toBe(6);
  });

  it('starts counting again after a successful reconnect', () => {
    const { onGiveUp } = open();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      client.dropSocket();
      vi.advanceTimersByTime(retryDelayMs(attempt));
    }
    client.connect();
    expect(status().phase).toBe('connected');
    client.dropSocket();
    expect(status().attempt).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(client.activations).toBe(6);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('keeps the library from reconnecting on its own', () => {
    open();
    expect(client.config.reconnectDelay).toBe(0);
    client.dropSocket();
    expect(client.deactivations).toBe(1);
  });
});

describe('closing', () => {
  it('stops a scheduled retry and reports nothing afterwards', () => {
    const { connection, onGiveUp } = open();
    client.dropSocket();
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(client.activations).toBe(1);
    client.dropSocket();
    expect(onGiveUp).not.toHaveBeenCalled();
    expect(status()).toMatchObject({ phase: 'idle', connected: false });
  });

  it('sends only while a session is open', () => {
    const { connection } = open();
    connection.publish('/app/test', { title: 'x' });
    expect(client.published).toEqual([]);
    client.connect();
    connection.publish('/app/test', { title: 'x' });
    expect(client.published.at(-1)).toEqual({ destination: '/app/test', body: '{"title":"x"}' });
  });
});

describe('close reasons (SPEC §8)', () => {
  it.each([
    [1002, 'closeCodes.1002'],
    [2000, 'closeCodes.2000'],
    [2007, 'closeCodes.2007'],
    [1006, 'closeCodes.1006'],
    [4001, 'closeCodes.unknown'],
    [1000, null],
    [null, null],
  ])('explains code %s with %s', (code, key) => {
    expect(closeReasonKey(code)).toBe(key);
  });
});

describe('the socket address', () => {
  it('opens a plain WebSocket beside the SockJS endpoint, with the page scheme', () => {
    expect(plainWebSocketUrl('http://127.0.0.1:8082/ws')).toBe('ws://127.0.0.1:8082/ws/websocket');
    expect(plainWebSocketUrl('https://mail.example.kr/ws')).toBe('wss://mail.example.kr/ws/websocket');
  });
});
