import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { countsMatchRows, mailApi, sendBody, type MailApi } from '../messages/mail-api.js';

describe('GET /dashboard/summary', () => {
  let ctx: TestContext;
  let jun: MailApi;
  let minji: MailApi;
  beforeAll(async () => {
    ctx = await createTestApp();
    jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
    minji = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', 'Minji'));
  });
  afterAll(async () => ctx.close());

  it('counts mail, unread, drafts, sent today, notifications, and lists the 5 latest inbox messages', async () => {
    for (let i = 1; i <= 7; i++)
      await minji.data('POST', '/messages', sendBody(['jun@example.com'], `news ${i}`, 'body'));
    const first = await jun.data<{ content: { id: number }[] }>('GET', '/messages?size=100');
    await jun.data('PATCH', `/messages/${first.content[0]!.id}/read?isRead=true`);
    await jun.data('DELETE', `/messages/${first.content[6]!.id}`); // news 1 to the trash
    await jun.data('POST', '/messages/drafts', { subject: 'later' });
    const yesterday = await jun.data<{ id: number }>(
      'POST',
      '/messages',
      sendBody(['minji@example.com'], 'old', 'body'),
    );
    await jun.data('POST', '/messages', sendBody(['minji@example.com'], 'today 1', 'body'));
    await jun.data('POST', '/messages', sendBody(['minji@example.com'], 'today 2', 'body'));
    const dayBefore = new Date(Date.now() - 36 * 3600_000).toISOString();
    await ctx.db.database.db.execute(
      sql`UPDATE messages SET sent_at = ${dayBefore}, received_at = ${dayBefore} WHERE id = ${yesterday.id}`,
    );
    // The notifications card is the user's unread notifications (the mail above brought some).
    const unreadNotifications = (await jun.data('GET', '/notifications/unread-count')).count as number;
    expect(unreadNotifications).toBeGreaterThan(0);

    const summary = await jun.data('GET', '/dashboard/summary');
    expect(summary).toMatchObject({
      totalMessages: 9, // 6 in the inbox, 3 sent
      unreadMessages: 5,
      drafts: 1,
      sentToday: 2,
      notificationCount: unreadNotifications,
    });
    expect(summary.recent.map((m: { subject: string }) => m.subject)).toEqual([
      'news 7',
      'news 6',
      'news 5',
      'news 4',
      'news 3',
    ]);
    expect(summary.mailboxes.map((m: { type: string }) => m.type)).toEqual([
      'INBOX',
      'SENT',
      'DRAFTS',
      'TRASH',
      'ARCHIVE',
      'SCHEDULED',
    ]);
    expect(summary.mailboxes[3]).toMatchObject({ totalCount: 1, unreadCount: 1 });
  });
});

describe('the welcome message (embedded database only)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ NODE_ENV: 'development' });
  });
  afterAll(async () => ctx.close());

  it('greets a new user in Korean in their inbox, unread and counted', async () => {
    const signed = await signIn(ctx.app, 'new@example.com', '새사람');
    const api = mailApi(ctx, signed);
    const inbox = await api.data('GET', '/messages');
    expect(inbox.totalElements).toBe(1);
    const welcome = await api.data('GET', `/messages/${inbox.content[0].id}`);
    expect(welcome).toMatchObject({
      subject: 'Postline에 오신 것을 환영합니다',
      isRead: false,
      fromName: 'Postline',
    });
    for (const word of ['새사람님', '검색', '필터', '템플릿', '서명'])
      expect(welcome.bodyText).toContain(word);
    expect(await api.data('GET', '/messages/count/unread')).toEqual({ count: 1, total: 1 });
    await countsMatchRows(ctx, signed.user.id);
  });

  it('greets in English someone who signed up in English, and only once', async () => {
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/mock-login',
        headers: { 'accept-language': 'en' },
        payload: { email: 'eng@example.com', name: 'Emma' },
      });
    await login();
    const res = await login();
    const api = mailApi(ctx, {
      ...res.json().data,
      headers: { authorization: `Bearer ${res.json().data.accessToken}` },
    });
    const inbox = await api.data('GET', '/messages');
    expect(inbox.totalElements).toBe(1);
    const welcome = await api.data('GET', `/messages/${inbox.content[0].id}`);
    expect(welcome.subject).toBe('Welcome to Postline');
    for (const word of ['Hello Emma', 'Search', 'Filters', 'Templates', 'Signatures'])
      expect(welcome.bodyText).toContain(word);
  });

  it('is not written with a PostgreSQL server configured', async () => {
    const withServer = await createTestApp({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/unused',
    });
    try {
      const api = mailApi(withServer, await signIn(withServer.app, 'server@example.com'));
      expect((await api.data('GET', '/messages')).totalElements).toBe(0);
    } finally {
      await withServer.close();
    }
  });
});
