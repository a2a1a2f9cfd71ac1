import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NOTIFICATIONS_QUEUE } from '@postline/shared/realtime';
import { realtimeUrl, stompClient, type TestStomp } from '../../realtime/clients.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';
import { createTestServer, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';

let ctx: TestContext;
let minji: SignedIn;
let junApi: MailApi;
let minjiApi: MailApi;
let url: string;

beforeAll(async () => {
  const server = await createTestServer({ SERVICES: 'web' });
  ctx = server;
  url = realtimeUrl(server.server);
  const jun = await signIn(ctx.app, 'jun@example.com', '이준');
  minji = await signIn(ctx.app, 'minji@example.com', '김민지');
  junApi = mailApi(ctx, jun);
  minjiApi = mailApi(ctx, minji);
});
afterAll(async () => {
  await ctx.close();
});

async function tab(): Promise<TestStomp> {
  const client = stompClient(url, minji.accessToken);
  await client.connected;
  await client.subscribe(USER_NOTIFICATIONS_QUEUE);
  return client;
}

/** The next push of this kind; new-mail pushes on the way are passed over. */
async function nextRead(client: TestStomp) {
  for (;;) {
    const body = JSON.parse((await client.nextMessage(10_000)).body) as { kind?: string };
    if (body.kind === 'read') return body as { ids: number[]; all: boolean; unreadCount: number };
  }
}

describe('a notification read anywhere is read everywhere', () => {
  it('reading a mail marks its new-mail notification read and tells every open tab', async () => {
    const [first, second] = [await tab(), await tab()];
    await junApi.data('POST', '/messages', {
      toAddresses: ['minji@example.com'],
      subject: '견적서',
      bodyText: '확인 부탁',
    });
    const [message] = (await minjiApi.data('GET', '/messages?mailboxType=INBOX&size=1')).content;
    const notification = (await minjiApi.data('GET', '/notifications?size=1')).content[0];
    expect(notification).toMatchObject({ type: 'NEW_MESSAGE', isRead: false, referenceId: message.id });
    expect((await minjiApi.data('GET', '/notifications/unread-count')).count).toBe(1);

    await minjiApi.data('PATCH', `/messages/${message.id}/read`);

    for (const client of [first, second]) {
      expect(await nextRead(client)).toMatchObject({ ids: [notification.id], all: false, unreadCount: 0 });
    }
    expect((await minjiApi.data('GET', `/notifications/${notification.id}`)).isRead).toBe(true);
    expect((await minjiApi.data('GET', '/notifications/unread-count')).count).toBe(0);
    await first.stop();
    await second.stop();
  });

  it('mark all read reaches the other tabs with the new count', async () => {
    const client = await tab();
    for (const subject of ['하나', '둘']) {
      await junApi.data('POST', '/messages', {
        toAddresses: ['minji@example.com'],
        subject,
        bodyText: '본문',
      });
    }
    expect((await minjiApi.data('GET', '/notifications/unread-count')).count).toBe(2);
    expect((await minjiApi.data('PATCH', '/notifications/all/read')).affected).toBe(2);
    expect(await nextRead(client)).toMatchObject({ all: true, unreadCount: 0 });
    await client.stop();
  });

  it('marking one notification unread again brings it back to the other tabs', async () => {
    const client = await tab();
    const notification = (await minjiApi.data('GET', '/notifications?size=1')).content[0];
    await minjiApi.data('PATCH', `/notifications/${notification.id}/read?isRead=false`);
    const pushed = JSON.parse((await client.nextMessage(10_000)).body);
    expect(pushed).toMatchObject({ id: notification.id, isRead: false });
    await client.stop();
  });
});
