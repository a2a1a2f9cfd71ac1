import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NOTIFICATIONS_QUEUE } from '@postline/shared/realtime';
import { mailApi, type MailApi } from '../modules/messages/mail-api.js';
import { createTestServer, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';
import { realtimeUrl, stompClient, type TestStomp } from './clients.js';

/**
 * An open inbox follows delivered mail through its own push, whatever the user's notification
 * settings: turning new-mail notifications off must not freeze the list.
 */
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

async function nextPush(client: TestStomp): Promise<Record<string, unknown>> {
  return JSON.parse((await client.nextMessage(10_000)).body) as Record<string, unknown>;
}

async function inboxId(): Promise<number> {
  const tree = (await minjiApi.data('GET', '/mailboxes')) as { id: number; type: string }[];
  const inbox = tree.find((mailbox) => mailbox.type === 'INBOX');
  if (!inbox) throw new Error('no inbox');
  return inbox.id;
}

describe('a delivered mail reaches the open tabs', () => {
  it('with new-mail notifications off, the tab still hears of the mail, and of nothing else', async () => {
    await minjiApi.data('PUT', '/notifications/settings', { newMessage: false });
    const client = await tab();
    await junApi.data('POST', '/messages', {
      toAddresses: ['minji@example.com'],
      subject: '알림 끔 상태의 메일',
      bodyText: '본문',
    });
    const [message] = (await minjiApi.data('GET', '/messages?mailboxType=INBOX&size=1')).content;
    expect(message.subject).toBe('알림 끔 상태의 메일');
    expect(await nextPush(client)).toEqual({
      kind: 'mail',
      messageId: message.id,
      mailboxId: await inboxId(),
    });
    expect((await minjiApi.data('GET', '/notifications/unread-count')).count).toBe(0);
    await client.stop();
  });

  it('with notifications on, the tab gets the mail push and the notification', async () => {
    await minjiApi.data('PUT', '/notifications/settings', { newMessage: true });
    const client = await tab();
    await junApi.data('POST', '/messages', {
      toAddresses: ['minji@example.com'],
      subject: '알림 켬 상태의 메일',
      bodyText: '본문',
    });
    const pushes = [await nextPush(client), await nextPush(client)];
    const [message] = (await minjiApi.data('GET', '/messages?mailboxType=INBOX&size=1')).content;
    expect(pushes).toContainEqual({ kind: 'mail', messageId: message.id, mailboxId: await inboxId() });
    expect(pushes).toContainEqual(
      expect.objectContaining({ type: 'NEW_MESSAGE', referenceId: message.id, isRead: false }),
    );
    await client.stop();
  });
});
