// Over 300 lines on purpose: the STOMP 1.2 session's frames, one section of the specification after
// another, over one fake transport.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_CONNECT, APP_TEST, USER_NOTIFICATIONS_QUEUE } from '@postline/shared/realtime';
import { STOMP_CLOSE_CODES } from '../../../src/realtime/stomp/protocol.js';
import { connect, createHarness, frame, last, settle } from './harness.js';

const NOTIFICATION = { id: 1, type: 'NEW_MESSAGE', title: '새 메일', content: '회의 안내' };

describe('STOMP session: CONNECT', () => {
  it('refuses a CONNECT without a bearer token with ERROR and closes', async () => {
    const h = createHarness();
    h.session.receive(frame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '4000,4000' }));
    await settle();
    expect(h.frames.map((f) => f.command)).toEqual(['ERROR']);
    expect(h.frames[0]?.headers.message).toMatch(/token/i);
    expect(h.frames[0]?.headers.code).toBe('AUTHENTICATION_FAILED');
    expect(h.closes).toEqual([{ code: STOMP_CLOSE_CODES.unauthorized, reason: expect.any(String) }]);
    expect(h.session.state).toBe('closed');
  });

  it('refuses an unknown token and a token in the lower-case header', async () => {
    const bad = createHarness();
    await connect(bad, { Authorization: 'Bearer forged' });
    expect(last(bad)?.command).toBe('ERROR');
    expect(bad.closes).toHaveLength(1);

    const lower = createHarness();
    lower.session.receive(frame('CONNECT', { 'accept-version': '1.2', authorization: 'Bearer good' }));
    await settle();
    expect(last(lower)?.command).toBe('ERROR');
  });

  it('refuses when authenticate throws instead of crashing', async () => {
    const h = createHarness({ authenticate: () => Promise.reject(new Error('db down')) });
    await connect(h);
    expect(last(h)?.command).toBe('ERROR');
    expect(h.session.state).toBe('closed');
  });

  it('answers a good token with CONNECTED, version 1.2, heart-beat 4000,4000 and the user', async () => {
    const opened: unknown[] = [];
    const h = createHarness({ onOpen: (s) => opened.push(s) });
    await connect(h);
    const connected = h.frames[0];
    expect(connected?.command).toBe('CONNECTED');
    expect(connected?.headers).toMatchObject({
      version: '1.2',
      'heart-beat': '4000,4000',
      server: 'Postline/1.0',
      'user-name': '7',
    });
    expect(h.session.state).toBe('connected');
    expect(h.session.userId).toBe(7);
    expect(h.session.sid).toBe('family-7');
    expect(opened).toEqual([h.session]);
    h.session.close();
  });

  it('negotiates the highest common version and refuses unknown ones', async () => {
    const old = createHarness();
    await connect(old, { 'accept-version': '1.0,1.1' });
    expect(old.frames[0]?.headers.version).toBe('1.1');
    old.session.close();

    const future = createHarness();
    await connect(future, { 'accept-version': '2.0' });
    expect(future.frames[0]?.command).toBe('ERROR');
    expect(future.frames[0]?.headers.version).toBe('1.2,1.1,1.0');
  });

  it('rejects frames before CONNECT and a second CONNECT', async () => {
    const early = createHarness();
    early.session.receive(frame('SUBSCRIBE', { id: 's', destination: USER_NOTIFICATIONS_QUEUE }));
    expect(last(early)?.command).toBe('ERROR');
    expect(early.closes).toHaveLength(1);

    const twice = createHarness();
    await connect(twice);
    await connect(twice);
    expect(twice.frames.map((f) => f.command)).toEqual(['CONNECTED', 'ERROR']);
  });

  it('handles frames a client pipelines behind CONNECT once the token is checked', async () => {
    const h = createHarness();
    h.session.receive(
      frame('CONNECT', { 'accept-version': '1.2', Authorization: 'Bearer good' }) +
        frame('SUBSCRIBE', { id: 'sub-0', destination: USER_NOTIFICATIONS_QUEUE, receipt: 'r1' }),
    );
    await settle();
    expect(h.frames.map((f) => f.command)).toEqual(['CONNECTED', 'RECEIPT']);
    expect(h.session.push(USER_NOTIFICATIONS_QUEUE, NOTIFICATION)).toBe(1);
    h.session.close();
  });

  it('turns garbage into ERROR and close, never a throw', () => {
    const h = createHarness();
    expect(() => h.session.receive('\u0000\u0001 garbage that is not STOMP at all')).not.toThrow();
    expect(last(h)?.command).toBe('ERROR');
    expect(h.closes).toHaveLength(1);
    expect(() => h.session.receive('more')).not.toThrow();
  });
});

describe('STOMP session: subscriptions and push', () => {
  it('only the own queue may be subscribed; anything else is ERROR and close', async () => {
    for (const destination of ['/user/8/queue/notifications', '/topic/all', '/user/queue/other', '']) {
      const h = createHarness();
      await connect(h);
      h.session.receive(frame('SUBSCRIBE', { id: 'sub-0', destination }));
      expect(last(h)?.command, destination).toBe('ERROR');
      expect(h.session.state).toBe('closed');
    }
  });

  it('needs an id on SUBSCRIBE', async () => {
    const h = createHarness();
    await connect(h);
    h.session.receive(frame('SUBSCRIBE', { destination: USER_NOTIFICATIONS_QUEUE }));
    expect(last(h)?.command).toBe('ERROR');
  });

  it('pushes a JSON MESSAGE to the subscription, in either spelling of the queue', async () => {
    const h = createHarness();
    await connect(h);
    h.session.receive(frame('SUBSCRIBE', { id: 'a', destination: USER_NOTIFICATIONS_QUEUE }));
    h.session.receive(frame('SUBSCRIBE', { id: 'b', destination: '/user/7/queue/notifications' }));
    expect(h.session.push(USER_NOTIFICATIONS_QUEUE, NOTIFICATION)).toBe(2);
    const messages = h.frames.filter((f) => f.command === 'MESSAGE');
    expect(messages.map((m) => m.headers.subscription)).toEqual(['a', 'b']);
    expect(messages.map((m) => m.headers.destination)).toEqual([
      USER_NOTIFICATIONS_QUEUE,
      '/user/7/queue/notifications',
    ]);
    expect(messages[0]?.headers['content-type']).toBe('application/json');
    expect(new Set(messages.map((m) => m.headers['message-id'])).size).toBe(2);
    expect(JSON.parse(messages[0]?.body ?? '')).toEqual(NOTIFICATION);
    h.session.close();
  });

  it('pushes nothing before SUBSCRIBE or after UNSUBSCRIBE', async () => {
    const h = createHarness();
    await connect(h);
    expect(h.session.push(USER_NOTIFICATIONS_QUEUE, NOTIFICATION)).toBe(0);
    h.session.receive(frame('SUBSCRIBE', { id: 'a', destination: USER_NOTIFICATIONS_QUEUE }));
    h.session.receive(frame('UNSUBSCRIBE', { id: 'a' }));
    expect(h.session.push(USER_NOTIFICATIONS_QUEUE, NOTIFICATION)).toBe(0);
    expect(h.frames.some((f) => f.command === 'MESSAGE')).toBe(false);
    h.session.close();
  });

  it('sends RECEIPT for frames that ask for one', async () => {
    const h = createHarness();
    await connect(h);
    h.session.receive(frame('SUBSCRIBE', { id: 'a', destination: USER_NOTIFICATIONS_QUEUE, receipt: 'r-1' }));
    h.session.receive(frame('SEND', { destination: APP_CONNECT, receipt: 'r-2' }, '{}'));
    h.session.receive(frame('UNSUBSCRIBE', { id: 'a', receipt: 'r-3' }));
    const receipts = h.frames.filter((f) => f.command === 'RECEIPT').map((f) => f.headers['receipt-id']);
    expect(receipts).toEqual(['r-1', 'r-2', 'r-3']);
    h.session.close();
  });

  it('passes SEND to /app/connect and /app/test to onSend with the parsed body', async () => {
    const h = createHarness();
    await connect(h);
    h.session.receive(frame('SEND', { destination: APP_CONNECT }, '{}'));
    h.session.receive(frame('SEND', { destination: APP_TEST }, '{"title":"테스트","content":"안녕하세요"}'));
    h.session.receive(frame('SEND', { destination: APP_CONNECT }));
    expect(h.sends).toEqual([
      { userId: 7, destination: APP_CONNECT, body: {} },
      { userId: 7, destination: APP_TEST, body: { title: '테스트', content: '안녕하세요' } },
      { userId: 7, destination: APP_CONNECT, body: {} },
    ]);
    h.session.close();
  });

  it('rejects SEND elsewhere or with a body that is not JSON', async () => {
    const elsewhere = createHarness();
    await connect(elsewhere);
    elsewhere.session.receive(frame('SEND', { destination: '/user/8/queue/notifications' }, '{}'));
    expect(last(elsewhere)?.command).toBe('ERROR');
    expect(elsewhere.sends).toEqual([]);

    const notJson = createHarness();
    await connect(notJson);
    notJson.session.receive(frame('SEND', { destination: APP_TEST, receipt: 'r' }, '{oops'));
    expect(last(notJson)?.command).toBe('ERROR');
    expect(last(notJson)?.headers['receipt-id']).toBe('r');
  });

  it('ends the session when onSend rejects', async () => {
    const h = createHarness({ onSend: () => Promise.reject(new Error('boom')) });
    await connect(h);
    h.session.receive(frame('SEND', { destination: APP_TEST }, '{}'));
    await settle();
    expect(last(h)?.command).toBe('ERROR');
    expect(h.session.state).toBe('closed');
  });

  it('answers DISCONNECT with its receipt, then closes normally', async () => {
    const closed: unknown[] = [];
    const h = createHarness({ onClose: (s) => closed.push(s) });
    await connect(h);
    h.session.receive(frame('DISCONNECT', { receipt: 'bye' }));
    expect(last(h)).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'bye' } });
    expect(h.closes).toEqual([{ code: STOMP_CLOSE_CODES.normal, reason: 'Disconnected' }]);
    expect(closed).toEqual([h.session]);
    expect(h.session.push(USER_NOTIFICATIONS_QUEUE, NOTIFICATION)).toBe(0);
  });

  it('revoke sends ERROR and closes; isExpiredBeyond follows the token exp', async () => {
    let now = Date.now();
    const h = createHarness({
      now: () => now,
      authenticate: async () => ({ userId: 7, sid: 's', exp: Math.floor(now / 1000) + 60 }),
    });
    await connect(h);
    expect(h.session.isExpiredBeyond(0)).toBe(false);
    now += 61_000;
    expect(h.session.isExpiredBeyond(0)).toBe(true);
    expect(h.session.isExpiredBeyond(60_000)).toBe(false);
    h.session.revoke('Session revoked');
    expect(last(h)).toMatchObject({ command: 'ERROR', headers: { message: 'Session revoked' } });
    expect(h.closes[0]?.code).toBe(STOMP_CLOSE_CODES.unauthorized);
  });

  it('survives a flood of 10 000 small frames, in one chunk and one by one', async () => {
    const h = createHarness();
    await connect(h);
    const one = frame('SEND', { destination: APP_CONNECT }, '{}');
    expect(() => h.session.receive(one.repeat(10_000))).not.toThrow();
    for (let i = 0; i < 10_000; i += 1) h.session.receive(one);
    expect(h.sends).toHaveLength(20_000);
    expect(h.session.state).toBe('connected');
    h.session.close();

    const hostile = createHarness();
    expect(() => {
      for (let i = 0; i < 10_000; i += 1) hostile.session.receive('SUBSCRIBE\nid:x\n\n\0');
    }).not.toThrow();
    expect(hostile.frames.filter((f) => f.command === 'ERROR')).toHaveLength(1);
  });
});

describe('STOMP session: heart-beats', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends an EOL every negotiated interval: max(server 4000, client cy)', async () => {
    const h = createHarness();
    await connect(h, { 'heart-beat': '0,10000' });
    expect(h.session.heartbeat).toEqual({ sendEveryMs: 10_000, expectEveryMs: 0 });
    vi.advanceTimersByTime(9_999);
    expect(h.heartbeats()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(h.heartbeats()).toBe(1);
    vi.advanceTimersByTime(20_000);
    expect(h.heartbeats()).toBe(3);
    h.session.close();
  });

  it('closes a client silent for more than twice the receive interval, not one that beats', async () => {
    const h = createHarness();
    await connect(h, { 'heart-beat': '4000,4000' });
    expect(h.session.heartbeat).toEqual({ sendEveryMs: 4000, expectEveryMs: 4000 });
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(4000);
      h.session.receive('\n');
    }
    expect(h.session.state).toBe('connected');
    vi.advanceTimersByTime(8000);
    expect(h.session.state).toBe('connected');
    vi.advanceTimersByTime(4001);
    expect(h.session.state).toBe('closed');
    expect(h.closes).toEqual([{ code: STOMP_CLOSE_CODES.heartbeatTimeout, reason: 'Heart-beat timeout' }]);
  });

  it('does not beat or watch when the client asks for 0,0', async () => {
    const h = createHarness();
    await connect(h, { 'heart-beat': '0,0' });
    vi.advanceTimersByTime(60_000);
    expect(h.heartbeats()).toBe(0);
    expect(h.session.state).toBe('connected');
    h.session.close();
  });

  it('closes a socket that never sends CONNECT', () => {
    const h = createHarness({ connectTimeoutMs: 5000 });
    vi.advanceTimersByTime(5000);
    expect(last(h)?.command).toBe('ERROR');
    expect(h.session.state).toBe('closed');
  });

  it('leaves no timer behind once closed', async () => {
    const h = createHarness();
    await connect(h);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    h.session.transportClosed();
    expect(vi.getTimerCount()).toBe(0);
    const before = h.heartbeats();
    vi.advanceTimersByTime(60_000);
    expect(h.heartbeats()).toBe(before);
  });
});
