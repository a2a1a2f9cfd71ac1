// Over 300 lines on purpose: the STOMP endpoint end to end (CONNECT, SUBSCRIBE, pushes, sign-out),
// each over a real socket to one server.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_CONNECT,
  APP_TEST,
  USER_NOTIFICATIONS_QUEUE,
  userNotificationsQueueOf,
} from '@postline/shared/realtime';
import { signAccessToken } from '../../src/modules/auth/tokens.js';
import { createTestServer, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';
import {
  isNotification,
  realtimeUrl,
  sockjsSocket,
  stompClient,
  within,
  type TestStomp,
  type Transport,
} from './clients.js';

let ctx: TestContext;
let url: string;
let jun: SignedIn;
let minji: SignedIn;
const clients: TestStomp[] = [];

beforeAll(async () => {
  const server = await createTestServer(
    { SERVICES: 'web' },
    { realtime: { expiredGraceMs: 1000, sweepEveryMs: 200 } },
  );
  ctx = server;
  url = realtimeUrl(server.server);
  jun = await signIn(ctx.app, 'jun@example.com', '이준');
  minji = await signIn(ctx.app, 'minji@example.com', '김민지');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop()));
  await ctx.close();
});

function open(token: string | null, transport: Transport = 'websocket'): TestStomp {
  const stomp = stompClient(url, token, transport);
  clients.push(stomp);
  return stomp;
}

async function connected(token: string, transport: Transport = 'websocket'): Promise<TestStomp> {
  const stomp = open(token, transport);
  await within(stomp.connected, 10_000, 'CONNECTED');
  await stomp.subscribe(USER_NOTIFICATIONS_QUEUE);
  return stomp;
}

/** Refused: an ERROR frame, then the socket closes, and CONNECTED never came. */
async function expectRefused(stomp: TestStomp, message: RegExp) {
  const { code } = await within(stomp.closed, 10_000, 'close');
  expect(code).toBe(4001);
  expect(stomp.isConnected()).toBe(false);
  expect(stomp.errors.map((e) => e.headers.message)).toEqual([expect.stringMatching(message)]);
}

const body = (stomp: TestStomp, timeoutMs?: number) =>
  stomp.nextMessage(timeoutMs).then((m) => JSON.parse(m.body));

describe('CONNECT', () => {
  it('refuses a CONNECT without a token', async () => {
    await expectRefused(open(null), /bearer token/i);
  });

  it('refuses a token signed with another key', async () => {
    const forged = await new SignJWT({ sid: 'x', userId: jun.user.id, email: 'jun@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(jun.user.id))
      .setIssuer('postline')
      .setAudience('postline-web')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789-abcdef'));
    await expectRefused(open(forged), /invalid or expired/i);
  });

  it('refuses an expired token', async () => {
    const sessionId = JSON.parse(Buffer.from(jun.accessToken.split('.')[1]!, 'base64url').toString())
      .sid as string;
    const expired = await signAccessToken(
      ctx.app.signingKey,
      { id: jun.user.id, email: 'jun@example.com' },
      sessionId,
      -60,
    );
    await expectRefused(open(expired), /invalid or expired/i);
  });

  it('refuses the token of a signed-out session', async () => {
    const gone = await signIn(ctx.app, 'gone@example.com');
    await ctx.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: gone.headers });
    await expectRefused(open(gone.accessToken), /invalid or expired/i);
  });

  it('accepts a valid token with CONNECTED and the negotiated heart-beat', async () => {
    const stomp = open(jun.accessToken);
    const frame = await within(stomp.connected, 10_000, 'CONNECTED');
    expect(frame.headers.version).toBe('1.2');
    expect(frame.headers['heart-beat']).toBe('4000,4000');
    await stomp.stop();
  });
});

describe('pushes', () => {
  it('delivers the NEW_MESSAGE notification of mail sent to the user, with the REST shape', async () => {
    const junSocket = await connected(jun.accessToken);
    const minjiSocket = await connected(minji.accessToken);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: minji.headers,
      payload: { toAddresses: ['jun@example.com'], subject: '실시간 테스트', bodyText: '안녕하세요' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const pushed = await junSocket.nextBodyWhere(isNotification);
    expect(pushed).toMatchObject({
      type: 'NEW_MESSAGE',
      title: '새 메일: 김민지',
      content: '실시간 테스트',
      referenceType: 'MESSAGE',
    });
    const rest = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/notifications/${pushed.id}`,
      headers: jun.headers,
    });
    expect(rest.json().data).toEqual(pushed);
    expect(await minjiSocket.noMessageWithin(500)).toBe(true);
    await Promise.all([junSocket.stop(), minjiSocket.stop()]);
  });

  it("never gives another user's notification to a socket, whatever it subscribes to", async () => {
    const minjiOwn = await connected(minji.accessToken);
    const prying = open(minji.accessToken);
    await within(prying.connected, 10_000, 'CONNECTED');
    prying.client.subscribe(userNotificationsQueueOf(jun.user.id), () => undefined);
    await within(prying.closed, 10_000, 'close');
    expect(prying.errors[0]?.headers.message).toMatch(/not allowed/);

    const junSocket = await connected(jun.accessToken);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/test',
      headers: jun.headers,
      payload: { title: '준에게만' },
    });
    expect((await body(junSocket)).title).toBe('준에게만');
    expect(await minjiOwn.noMessageWithin(500)).toBe(true);
    expect(prying.messages).toEqual([]);
    await Promise.all([minjiOwn.stop(), junSocket.stop()]);
  });

  it('answers SEND /app/test with a test notification over the same socket, and /app/connect quietly', async () => {
    const stomp = await connected(jun.accessToken);
    stomp.client.publish({ destination: APP_CONNECT, body: '{}' });
    stomp.client.publish({
      destination: APP_TEST,
      body: JSON.stringify({ title: '소켓 테스트', content: '왕복' }),
    });
    expect(await body(stomp)).toMatchObject({
      type: 'SYSTEM',
      title: '소켓 테스트',
      content: '왕복',
      isRead: false,
    });
    stomp.client.publish({ destination: APP_TEST, body: '{}' });
    expect(await body(stomp)).toMatchObject({ title: '테스트 알림' });
    await stomp.stop();
  });

  it('delivers a notification too large to ride in NOTIFY by loading it, same shape', async () => {
    const stomp = await connected(jun.accessToken);
    const big = {
      type: 'SYSTEM_ALERT',
      title: '큰 알림',
      content: '가'.repeat(2000),
      data: { note: 'x'.repeat(9000) },
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notifications',
      headers: jun.headers,
      payload: big,
    });
    expect(res.statusCode).toBe(200);
    expect(await body(stomp)).toEqual(res.json().data);
    await stomp.stop();
  });

  it('reaches every socket of the user (two tabs)', async () => {
    const [tab1, tab2] = [await connected(jun.accessToken), await connected(jun.accessToken)];
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/test',
      headers: jun.headers,
      payload: {},
    });
    const [a, b] = await Promise.all([body(tab1), body(tab2)]);
    expect(a.id).toBe(b.id);
    await Promise.all([tab1.stop(), tab2.stop()]);
  });
});

describe.each<Transport>(['xhr-streaming', 'xhr-polling'])('the %s transport', (transport) => {
  it('connects, refuses no token and carries the /app/test round trip', async () => {
    await expectRefused(open(null, transport), /bearer token/i);
    const stomp = await connected(jun.accessToken, transport);
    expect((stomp.client.webSocket as unknown as { transport: string }).transport).toBe(transport);
    stomp.client.publish({ destination: APP_TEST, body: JSON.stringify({ title: transport }) });
    expect((await body(stomp, 10_000)).title).toBe(transport);
    await stomp.stop();
  });
});

describe('closing sockets', () => {
  it('closes the sockets of a session when it logs out, and only those', async () => {
    const device1 = await signIn(ctx.app, 'jun@example.com');
    const device2 = await signIn(ctx.app, 'jun@example.com');
    const s1 = await connected(device1.accessToken);
    const s2 = await connected(device2.accessToken);
    await ctx.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: device1.headers });
    expect((await within(s1.closed, 5000, 'close after logout')).code).toBe(4001);
    expect(s1.errors[0]?.headers.message).toMatch(/revoked/i);
    expect(s2.isConnected()).toBe(true);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/test',
      headers: device2.headers,
      payload: {},
    });
    expect((await body(s2)).type).toBe('SYSTEM');
    await s2.stop();
  });

  it('closes a socket whose token expired longer ago than the grace time', async () => {
    const sessionId = JSON.parse(Buffer.from(jun.accessToken.split('.')[1]!, 'base64url').toString())
      .sid as string;
    const shortLived = await signAccessToken(
      ctx.app.signingKey,
      { id: jun.user.id, email: 'jun@example.com' },
      sessionId,
      2,
    );
    const stomp = open(shortLived);
    await within(stomp.connected, 5000, 'CONNECTED');
    const started = Date.now();
    await within(stomp.closed, 6000, 'close after expiry');
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(stomp.errors[0]?.headers.message).toMatch(/expired/i);
  });

  it('closes only the socket that sends garbage or an oversized frame; the server carries on', async () => {
    const healthy = await connected(jun.accessToken);
    const cases = [
      // A protocol error: ERROR and close 4002 from the STOMP session.
      ['NONSENSE\n\n\0', 4002],
      // Over the 64 KiB frame limit of STOMP.
      [`SEND\ndestination:/app/test\n\n${'x'.repeat(100 * 1024)}\0`, 4002],
      // Over the transport's message limit: the WebSocket layer closes with 1009 before STOMP sees it.
      ['y'.repeat(600 * 1024), 1009],
    ] as const;
    for (const [payload, code] of cases) {
      const raw = sockjsSocket(url);
      const closed = new Promise<number>(
        (resolve) => (raw.onclose = (event: { code: number }) => resolve(event.code)),
      );
      raw.onopen = () => raw.send(payload);
      expect(await within(closed, 10_000, 'close of the bad socket')).toBe(code);
    }
    expect(healthy.isConnected()).toBe(true);
    healthy.client.publish({ destination: APP_TEST, body: JSON.stringify({ title: '아직 살아 있음' }) });
    expect((await body(healthy)).title).toBe('아직 살아 있음');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    await healthy.stop();
  });

  it('limits test notifications asked for over the socket', async () => {
    const stomp = await connected(minji.accessToken);
    for (let i = 0; i < 40; i += 1)
      stomp.client.publish({ destination: APP_TEST, body: JSON.stringify({ title: `flood ${i}` }) });
    // Frames are handled in order: once this receipt is back, all forty have been dealt with.
    const done = new Promise<void>((resolve) => stomp.client.watchForReceipt('flood-done', () => resolve()));
    stomp.client.publish({
      destination: APP_TEST,
      body: JSON.stringify({ title: 'last' }),
      headers: { receipt: 'flood-done' },
    });
    await done;
    // What was written arrives after its commit; wait until the pushes stop coming.
    await expect.poll(() => stomp.messages.length, { timeout: 20_000 }).toBeGreaterThan(0);
    let settled = -1;
    while (settled !== stomp.messages.length) {
      settled = stomp.messages.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(stomp.messages.length).toBeLessThanOrEqual(30);
    expect(stomp.isConnected()).toBe(true);
    await stomp.stop();
  });
});
