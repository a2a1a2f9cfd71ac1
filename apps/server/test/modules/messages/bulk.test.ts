import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { countsMatchRows, mailApi, foldersByType, type MailApi } from './mail-api.js';

let ctx: TestContext;
let jun: SignedIn;
let minji: SignedIn;
let junApi: MailApi;
let minjiApi: MailApi;

async function sendToMinji(subject: string): Promise<void> {
  await junApi.data('POST', '/messages', {
    toAddresses: ['minji@example.com'],
    subject,
    bodyText: '본문입니다',
  });
}

async function inboxIds(api: MailApi): Promise<number[]> {
  const page = await api.data<{ content: { id: number }[] }>('GET', '/messages?mailboxType=INBOX&size=100');
  return page.content.map((row) => row.id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@example.com', '이준');
  minji = await signIn(ctx.app, 'minji@example.com', '김민지');
  junApi = mailApi(ctx, jun);
  minjiApi = mailApi(ctx, minji);
  for (let i = 1; i <= 12; i += 1) await sendToMinji(`보고서 ${i}`);
});
afterAll(async () => ctx.close());

describe('POST /messages/bulk', () => {
  it('marks every message of a folder read at once, and the counts follow', async () => {
    const inbox = (await foldersByType(minjiApi)).INBOX!;
    expect(inbox.unreadCount).toBeGreaterThanOrEqual(12);
    const result = await minjiApi.data('POST', '/messages/bulk', {
      action: 'READ',
      scope: { mailboxId: inbox.id },
    });
    expect(result.affected).toBe(inbox.unreadCount);
    expect((await foldersByType(minjiApi)).INBOX!.unreadCount).toBe(0);
    // Reading the mail read its new-mail notifications too.
    expect((await minjiApi.data('GET', '/notifications/unread-count')).count).toBe(0);
    await countsMatchRows(ctx, minji.user.id);
  });

  it('takes only what the list filters keep', async () => {
    const inbox = (await foldersByType(minjiApi)).INBOX!;
    const [first, second] = await inboxIds(minjiApi);
    await minjiApi.data('POST', '/messages/bulk', { action: 'STAR', messageIds: [first, second] });
    const unstarred = await minjiApi.data('POST', '/messages/bulk', {
      action: 'UNREAD',
      scope: { mailboxId: inbox.id, isStarred: true },
    });
    expect(unstarred.affected).toBe(2);
    expect((await foldersByType(minjiApi)).INBOX!.unreadCount).toBe(2);
    await countsMatchRows(ctx, minji.user.id);
  });

  it('moves a whole folder into another and deletes into the trash, then for good', async () => {
    const folder = await minjiApi.data('POST', '/mailboxes', { name: '보관함 2026' });
    const before = (await foldersByType(minjiApi)).INBOX!;
    const moved = await minjiApi.data('POST', '/messages/bulk', {
      action: 'MOVE',
      scope: { mailboxId: before.id },
      targetMailboxId: folder.id,
    });
    expect(moved.affected).toBe(before.totalCount);
    const tree = await minjiApi.data<{ id: number; totalCount: number; unreadCount: number }[]>(
      'GET',
      '/mailboxes',
    );
    expect(tree.find((m) => m.id === folder.id)).toMatchObject({
      totalCount: before.totalCount,
      unreadCount: before.unreadCount,
    });
    const deleted = await minjiApi.data('POST', '/messages/bulk', {
      action: 'DELETE',
      scope: { mailboxId: folder.id },
    });
    expect(deleted.affected).toBe(before.totalCount);
    const trash = (await foldersByType(minjiApi)).TRASH!;
    expect(trash.totalCount).toBe(before.totalCount);
    const gone = await minjiApi.data('POST', '/messages/bulk', {
      action: 'DELETE',
      scope: { mailboxId: trash.id },
    });
    expect(gone.affected).toBe(before.totalCount);
    expect((await foldersByType(minjiApi)).TRASH!.totalCount).toBe(0);
    await countsMatchRows(ctx, minji.user.id);
  });

  it("never touches another user's mail or folders", async () => {
    await sendToMinji('비밀');
    const [minjisMail] = await inboxIds(minjiApi);
    const minjiInbox = (await foldersByType(minjiApi)).INBOX!;
    const byIds = await junApi.data('POST', '/messages/bulk', { action: 'DELETE', messageIds: [minjisMail] });
    expect(byIds.affected).toBe(0);
    const byScope = await junApi.call('POST', '/messages/bulk', {
      action: 'READ',
      scope: { mailboxId: minjiInbox.id },
    });
    expect(byScope.statusCode).toBe(404);
    const junInbox = (await foldersByType(junApi)).INBOX!;
    const intoTheirs = await junApi.call('POST', '/messages/bulk', {
      action: 'MOVE',
      scope: { mailboxId: junInbox.id },
      targetMailboxId: minjiInbox.id,
    });
    expect(intoTheirs.statusCode).toBe(404);
    expect(await inboxIds(minjiApi)).toContain(minjisMail);
  });

  it('explains a request that names neither ids nor a folder, in the reader’s language', async () => {
    const res = await minjiApi.call('POST', '/messages/bulk', { action: 'READ' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Select at least one/);
  });
});
