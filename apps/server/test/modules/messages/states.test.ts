import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { countsMatchRows, mailApi, foldersByType, sendBody, type MailApi } from './mail-api.js';

let ctx: TestContext;
let jun: MailApi;
let junId: number;
let minji: MailApi;

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signIn(ctx.app, 'jun@example.com', 'Jun');
  junId = signed.user.id;
  jun = mailApi(ctx, signed);
  minji = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', '민지'));
});
afterAll(async () => ctx.close());

/** Minji writes to Jun; answers the id of Jun's copy. */
async function incoming(subject: string): Promise<number> {
  await minji.data('POST', '/messages', sendBody(['jun@example.com'], subject, 'body'));
  const page = await jun.data<{ content: { id: number; subject: string }[] }>('GET', '/messages?size=100');
  return page.content.find((m) => m.subject === subject)!.id;
}

const counts = async (type: string) => {
  const box = (await foldersByType(jun))[type]!;
  return { total: box.totalCount, unread: box.unreadCount };
};

describe('read and unread', () => {
  it('reading a message does not mark it read; PATCH read moves the unread count, once', async () => {
    const id = await incoming('read me');
    const before = await counts('INBOX');
    const message = await jun.data('GET', `/messages/${id}`);
    expect(message.isRead).toBe(false);
    expect(await counts('INBOX')).toEqual(before);

    expect((await jun.data('PATCH', `/messages/${id}/read?isRead=true`)).isRead).toBe(true);
    expect(await counts('INBOX')).toEqual({ total: before.total, unread: before.unread - 1 });
    await jun.data('PATCH', `/messages/${id}/read?isRead=true`);
    expect((await counts('INBOX')).unread).toBe(before.unread - 1);
    expect((await jun.data('PATCH', `/messages/${id}/read?isRead=false`)).isRead).toBe(false);
    expect(await counts('INBOX')).toEqual(before);
    await jun.data('PATCH', `/messages/${id}/read`); // absent means true
    expect((await counts('INBOX')).unread).toBe(before.unread - 1);
    await countsMatchRows(ctx, junId);
  });

  it('stars and unstars', async () => {
    const id = await incoming('star me');
    expect((await jun.data('PATCH', `/messages/${id}/star?isStarred=true`)).isStarred).toBe(true);
    expect((await jun.data('GET', `/messages/${id}`)).isStarred).toBe(true);
    expect((await jun.data('PATCH', `/messages/${id}/star?isStarred=false`)).isStarred).toBe(false);
  });

  it('answers 404 MAIL_NOT_FOUND for an id that does not exist and 400 for one that is not a number', async () => {
    const missing = await jun.call('PATCH', '/messages/999999/read?isRead=true', undefined, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MAIL_NOT_FOUND', message: 'Mail not found.' });
    expect((await jun.call('GET', '/messages/abc')).statusCode).toBe(400);
  });
});

describe('move', () => {
  it('moves to a custom folder and back, carrying total and unread', async () => {
    const id = await incoming('move me');
    const folder = await jun.data<{ id: number }>('POST', '/mailboxes', { name: 'Projects' });
    const inbox = await counts('INBOX');
    const moved = await jun.data('PATCH', `/messages/${id}/move?targetMailboxId=${folder.id}`);
    expect(moved).toMatchObject({ mailboxId: folder.id, mailboxType: 'CUSTOM' });
    expect(await counts('INBOX')).toEqual({ total: inbox.total - 1, unread: inbox.unread - 1 });
    const list = await jun.data<{ id: number; totalCount: number; unreadCount: number }[]>(
      'GET',
      '/mailboxes',
    );
    expect(list.find((m) => m.id === folder.id)).toMatchObject({ totalCount: 1, unreadCount: 1 });
    const inFolder = await jun.data<{ content: { id: number }[] }>('GET', `/messages?mailboxId=${folder.id}`);
    expect(inFolder.content.map((m) => m.id)).toEqual([id]);

    const { INBOX } = await foldersByType(jun);
    await jun.data('PATCH', `/messages/${id}/move?targetMailboxId=${INBOX!.id}`);
    expect(await counts('INBOX')).toEqual(inbox);
    await countsMatchRows(ctx, junId);
  });

  it('needs a target folder', async () => {
    const id = await incoming('nowhere');
    const res = await jun.call('PATCH', `/messages/${id}/move`, undefined, 'en');
    expect(res.statusCode).toBe(400);
    expect((await jun.call('PATCH', `/messages/${id}/move?targetMailboxId=999999`)).json().code).toBe(
      'MAIL_NOT_FOUND',
    );
  });
});

describe('delete', () => {
  it('moves to the trash first, then deletes for good from there', async () => {
    const id = await incoming('delete me');
    const inbox = await counts('INBOX');
    const trash = await counts('TRASH');
    expect(await jun.data('DELETE', `/messages/${id}`)).toEqual({ permanent: false });
    expect(await counts('INBOX')).toEqual({ total: inbox.total - 1, unread: inbox.unread - 1 });
    expect(await counts('TRASH')).toEqual({ total: trash.total + 1, unread: trash.unread + 1 });
    expect((await jun.data('GET', `/messages/${id}`)).mailboxType).toBe('TRASH');

    expect(await jun.data('DELETE', `/messages/${id}`)).toEqual({ permanent: true });
    expect(await counts('TRASH')).toEqual(trash);
    expect((await jun.call('GET', `/messages/${id}`)).statusCode).toBe(404);
    await countsMatchRows(ctx, junId);
  });

  it('deletes for good at once with permanent=true', async () => {
    const id = await incoming('gone');
    const inbox = await counts('INBOX');
    const trash = await counts('TRASH');
    expect(await jun.data('DELETE', `/messages/${id}?permanent=true`)).toEqual({ permanent: true });
    expect(await counts('INBOX')).toEqual({ total: inbox.total - 1, unread: inbox.unread - 1 });
    expect(await counts('TRASH')).toEqual(trash);
    expect((await jun.call('GET', `/messages/${id}`)).statusCode).toBe(404);
  });

  it('empties the trash (DELETE /messages/trash and POST /mailboxes/{id}/empty)', async () => {
    for (const subject of ['t1', 't2', 't3'])
      await jun.data('DELETE', `/messages/${await incoming(subject)}`);
    const trash = await counts('TRASH');
    expect(trash.total).toBeGreaterThanOrEqual(3);
    expect(await jun.data('DELETE', '/messages/trash')).toEqual({ deleted: trash.total });
    expect(await counts('TRASH')).toEqual({ total: 0, unread: 0 });
    const inTrash = await jun.data<{ totalElements: number }>('GET', '/messages?mailboxType=TRASH');
    expect(inTrash.totalElements).toBe(0);

    await jun.data('DELETE', `/messages/${await incoming('t4')}`);
    const { TRASH } = await foldersByType(jun);
    expect(await jun.data('POST', `/mailboxes/${TRASH!.id}/empty`)).toEqual({ deleted: 1 });
    expect(await counts('TRASH')).toEqual({ total: 0, unread: 0 });
    await countsMatchRows(ctx, junId);
  });

  it('emptying another folder sends its mail to the trash', async () => {
    const folder = await jun.data<{ id: number }>('POST', '/mailboxes', { name: 'Old' });
    await jun.data('PATCH', `/messages/${await incoming('old 1')}/move?targetMailboxId=${folder.id}`);
    await jun.data('PATCH', `/messages/${await incoming('old 2')}/move?targetMailboxId=${folder.id}`);
    const trash = await counts('TRASH');
    expect(await jun.data('POST', `/mailboxes/${folder.id}/empty`)).toEqual({ deleted: 2 });
    expect(await counts('TRASH')).toEqual({ total: trash.total + 2, unread: trash.unread + 2 });
    await countsMatchRows(ctx, junId);
  });
});

describe('GET /messages by folder', () => {
  it('answers "{type} mailbox not found" for a folder type the user does not have yet', async () => {
    const ko = await jun.call('GET', '/messages?mailboxType=SPAM');
    expect(ko.statusCode).toBe(404);
    expect(ko.json().message).toBe('SPAM 메일함을 찾을 수 없습니다');
    const en = await jun.call('GET', '/messages?mailboxType=spam', undefined, 'en');
    expect(en.json().message).toBe('SPAM mailbox not found');
  });
});
