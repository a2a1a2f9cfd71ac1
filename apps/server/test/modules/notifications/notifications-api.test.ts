import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@postline/shared/notifications';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';

let ctx: TestContext;
let jun: SignedIn;
let minji: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@example.com', '이준');
  minji = await signIn(ctx.app, 'minji@example.com', '김민지');
});
afterAll(async () => ctx.close());

function call(user: SignedIn, method: InjectOptions['method'], url: string, payload?: unknown, lang = 'ko') {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are checked by assertions
async function data<T = any>(
  user: SignedIn,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await call(user, method, url, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

async function create(user: SignedIn, title: string, type = 'SYSTEM_ALERT') {
  return data(user, 'POST', '/notifications', { type, title, content: `${title} 내용` });
}

async function clear(user: SignedIn) {
  await ctx.db.database.db.execute(sql`DELETE FROM notifications WHERE user_id = ${user.user.id}`);
}

const unreadCount = async (user: SignedIn) =>
  (await data<{ count: number }>(user, 'GET', '/notifications/unread-count')).count;

describe('listing and reading', () => {
  it('pages newest first with page 0 and size 20 by default, content repeated as message', async () => {
    await clear(jun);
    for (let i = 1; i <= 23; i += 1) await create(jun, `알림 ${i}`);
    const first = await data(jun, 'GET', '/notifications');
    expect(first).toMatchObject({
      number: 0,
      size: 20,
      totalElements: 23,
      totalPages: 2,
      first: true,
      last: false,
    });
    expect(first.content).toHaveLength(20);
    expect(first.content[0]).toMatchObject({
      title: '알림 23',
      content: '알림 23 내용',
      message: '알림 23 내용',
      isRead: false,
      readAt: null,
    });
    const second = await data(jun, 'GET', '/notifications?page=1&size=20');
    expect(second.content.map((n: { title: string }) => n.title)).toEqual(['알림 3', '알림 2', '알림 1']);
    expect(second.last).toBe(true);
  });

  it('gets one by id and answers 404 for an id that is not there or belongs to someone else', async () => {
    const mine = await create(jun, '내 알림');
    expect(await data(jun, 'GET', `/notifications/${mine.id}`)).toMatchObject({
      id: mine.id,
      title: '내 알림',
      type: 'SYSTEM_ALERT',
    });
    for (const [method, url, payload] of [
      ['GET', `/notifications/${mine.id}`, undefined],
      ['PUT', `/notifications/${mine.id}`, { title: '바꿈' }],
      ['PATCH', `/notifications/${mine.id}/read`, undefined],
      ['DELETE', `/notifications/${mine.id}`, undefined],
    ] as const) {
      const res = await call(minji, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: '알림을 찾을 수 없습니다.',
      });
    }
    expect(await data(jun, 'GET', `/notifications/${mine.id}`)).toMatchObject({
      title: '내 알림',
      isRead: false,
    });
    expect((await call(jun, 'GET', '/notifications/999999', undefined, 'en')).json().message).toBe(
      'Notification not found.',
    );
  });

  it('updates only the fields sent and deletes', async () => {
    const n = await create(jun, '원래 제목');
    const updated = await data(jun, 'PUT', `/notifications/${n.id}`, { content: '새 내용' });
    expect(updated).toMatchObject({
      title: '원래 제목',
      content: '새 내용',
      message: '새 내용',
      type: 'SYSTEM_ALERT',
    });
    expect((await call(jun, 'PUT', `/notifications/${n.id}`, { title: '' })).statusCode).toBe(400);
    await data(jun, 'DELETE', `/notifications/${n.id}`);
    expect((await call(jun, 'GET', `/notifications/${n.id}`)).statusCode).toBe(404);
  });

  it('refuses a create with an unknown type or no title', async () => {
    expect((await call(jun, 'POST', '/notifications', { type: 'PARTY', title: 'x' })).statusCode).toBe(400);
    expect((await call(jun, 'POST', '/notifications', { type: 'SYSTEM' })).statusCode).toBe(400);
  });
});

describe('read state and counts', () => {
  it('marks read with readAt, unread again clears it, and the count never goes below zero', async () => {
    await clear(jun);
    const a = await create(jun, 'A');
    await create(jun, 'B');
    expect(await unreadCount(jun)).toBe(2);
    const read = await data(jun, 'PATCH', `/notifications/${a.id}/read`);
    expect(read.isRead).toBe(true);
    expect(Date.parse(read.readAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await data(jun, 'PATCH', `/notifications/${a.id}/read?isRead=true`);
    expect(again.readAt).toBe(read.readAt);
    expect(await unreadCount(jun)).toBe(1);
    const unread = await data(jun, 'PATCH', `/notifications/${a.id}/read?isRead=false`);
    expect(unread).toMatchObject({ isRead: false, readAt: null });
    await data(jun, 'PATCH', '/notifications/all/read');
    await data(jun, 'PATCH', '/notifications/all/read');
    expect(await data(jun, 'GET', '/notifications/count/unread')).toEqual({ count: 0 });
    expect(await data(jun, 'GET', '/notifications/unread-count')).toEqual({ count: 0 });
  });

  it('lists unread ones only, paged, and filters the list by isRead', async () => {
    await clear(jun);
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push((await create(jun, `U${i}`)).id);
    await data(jun, 'PATCH', `/notifications/${ids[0]}/read`);
    const unread = await data(jun, 'GET', '/notifications/unread?size=3');
    expect(unread).toMatchObject({ totalElements: 4, totalPages: 2, size: 3 });
    expect(unread.content.map((n: { title: string }) => n.title)).toEqual(['U4', 'U3', 'U2']);
    const readOnes = await data(jun, 'GET', '/notifications?isRead=true');
    expect(readOnes.content.map((n: { id: number }) => n.id)).toEqual([ids[0]]);
  });

  it("bulk read and bulk delete touch only the caller's notifications", async () => {
    await clear(jun);
    const mine = [(await create(jun, 'M1')).id, (await create(jun, 'M2')).id, (await create(jun, 'M3')).id];
    const theirs = (await create(minji, '민지 것')).id;
    expect(
      await data(jun, 'PATCH', '/notifications/bulk/read', { notificationIds: [mine[0], mine[1], theirs] }),
    ).toEqual({ affected: 2 });
    expect(await data(jun, 'PATCH', '/notifications/bulk/read', { notificationIds: [mine[0]] })).toEqual({
      affected: 0,
    });
    expect(await unreadCount(jun)).toBe(1);
    expect((await data(minji, 'GET', `/notifications/${theirs}`)).isRead).toBe(false);
    expect(await data(jun, 'DELETE', '/notifications/bulk', { notificationIds: [mine[0], theirs] })).toEqual({
      affected: 1,
    });
    expect((await data(minji, 'GET', `/notifications/${theirs}`)).id).toBe(theirs);
    expect((await data(jun, 'GET', '/notifications')).totalElements).toBe(2);
    expect((await call(jun, 'PATCH', '/notifications/bulk/read', { notificationIds: [] })).statusCode).toBe(
      400,
    );
  });
});

describe('settings', () => {
  it('starts with the defaults of SPEC §3 and keeps what a partial update does not name', async () => {
    expect(await data(minji, 'GET', '/notifications/settings')).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(await data(minji, 'PUT', '/notifications/settings', { sound: true })).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      sound: true,
    });
    expect(await data(minji, 'PUT', '/notifications/settings', { filterExecution: false })).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      sound: true,
      filterExecution: false,
    });
    expect(await data(minji, 'GET', '/notifications/settings')).toMatchObject({
      sound: true,
      filterExecution: false,
      newMessage: true,
    });
    expect(await data(jun, 'GET', '/notifications/settings')).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect((await call(minji, 'PUT', '/notifications/settings', { sound: 'yes' })).statusCode).toBe(400);
  });
});

describe('statistics and cleanup', () => {
  it('counts totals, types and the last seven days', async () => {
    await clear(jun);
    await create(jun, 'S1', 'NEW_MESSAGE');
    const s2 = await create(jun, 'S2', 'NEW_MESSAGE');
    await create(jun, 'S3', 'FILTER_EXECUTED');
    await data(jun, 'PATCH', `/notifications/${s2.id}/read`);
    const stats = await data(jun, 'GET', '/notifications/statistics');
    expect(stats).toMatchObject({ total: 3, unread: 2, read: 1 });
    expect(stats.byType).toEqual([
      { type: 'NEW_MESSAGE', count: 2 },
      { type: 'FILTER_EXECUTED', count: 1 },
    ]);
    expect(stats.last7Days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.last7Days[6]).toEqual({ date: today, count: 3 });
    expect(stats.last7Days[0].date < stats.last7Days[6].date).toBe(true);
  });

  it("deletes notifications older than daysOld (30 by default), read or not, and only the caller's", async () => {
    await clear(jun);
    const old = await create(jun, '오래된 것');
    const middle = await create(jun, '10일 전');
    await create(jun, '오늘');
    const theirs = await create(minji, '민지의 오래된 것');
    const age = async (id: number, days: number) =>
      ctx.db.database.db.execute(
        sql`UPDATE notifications SET created_at = now() - make_interval(days => ${days}) WHERE id = ${id}`,
      );
    await age(old.id, 40);
    await age(middle.id, 10);
    await age(theirs.id, 40);
    expect(await data(jun, 'POST', '/notifications/cleanup')).toEqual({ affected: 1, deleted: 1 });
    expect(await data(jun, 'POST', '/notifications/cleanup?daysOld=7')).toEqual({ affected: 1, deleted: 1 });
    expect((await data(jun, 'GET', '/notifications')).content.map((n: { title: string }) => n.title)).toEqual(
      ['오늘'],
    );
    expect((await data(minji, 'GET', `/notifications/${theirs.id}`)).id).toBe(theirs.id);
    expect((await call(jun, 'POST', '/notifications/cleanup?daysOld=0')).statusCode).toBe(400);
  });
});

describe('test notification', () => {
  it("writes a SYSTEM notification in the user's language, or the title and content given", async () => {
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mock-login',
      headers: { 'accept-language': 'en' },
      payload: { email: 'sam@example.com', name: 'Sam' },
    });
    const sam = { headers: { authorization: `Bearer ${english.json().data.accessToken}` } } as SignedIn;
    expect(await data(sam, 'POST', '/notifications/test', {})).toMatchObject({
      type: 'SYSTEM',
      title: 'Test notification',
      content: 'Real-time notifications are working.',
      isRead: false,
    });
    expect(await data(jun, 'POST', '/notifications/test', {})).toMatchObject({ title: '테스트 알림' });
    expect(await data(jun, 'POST', '/notifications/test', { title: '안녕', content: '세상' })).toMatchObject({
      title: '안녕',
      content: '세상',
    });
  });

  it('is written even when the user turned every notification off', async () => {
    await data(minji, 'PUT', '/notifications/settings', { enabled: false });
    expect(await data(minji, 'POST', '/notifications/test', {})).toMatchObject({ type: 'SYSTEM' });
    await data(minji, 'PUT', '/notifications/settings', { enabled: true });
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
  });
});
