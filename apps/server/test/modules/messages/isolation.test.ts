import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, foldersByType, sendBody, type MailApi } from './mail-api.js';

/** One user's mail, folders, counts and search results are never another's (DESIGN.md). */

let ctx: TestContext;
let jun: MailApi;
let sora: MailApi;
let junMessage: number;
let junDraft: number;
let junFolder: number;
let junBoxes: Awaited<ReturnType<typeof foldersByType>>;
let soraMessage: number;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
  sora = mailApi(ctx, await signIn(ctx.app, 'sora@example.com', 'Sora'));
  const minji = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', 'Minji'));
  await minji.data('POST', '/messages', sendBody(['jun@example.com'], 'Jun only secret', 'classified'));
  await minji.data('POST', '/messages', sendBody(['sora@example.com'], 'For Sora', 'hello'));
  junMessage = (await jun.data('GET', '/messages')).content[0].id;
  await jun.data('PATCH', `/messages/${junMessage}/star?isStarred=true`);
  soraMessage = (await sora.data('GET', '/messages')).content[0].id;
  junDraft = (await jun.data('POST', '/messages/drafts', { subject: 'Jun draft' })).id;
  junFolder = (await jun.data('POST', '/mailboxes', { name: 'Jun folder' })).id;
  junBoxes = await foldersByType(jun);
});
afterAll(async () => ctx.close());

function expectNotFound(res: { statusCode: number; json(): { code: string } }) {
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe('MAIL_NOT_FOUND');
}

describe('another user’s ids are 404 MAIL_NOT_FOUND', () => {
  it('GET /messages/{id}', async () => expectNotFound(await sora.call('GET', `/messages/${junMessage}`)));
  it('PATCH /messages/{id}/read', async () =>
    expectNotFound(await sora.call('PATCH', `/messages/${junMessage}/read?isRead=true`)));
  it('PATCH /messages/{id}/star', async () =>
    expectNotFound(await sora.call('PATCH', `/messages/${junMessage}/star?isStarred=false`)));
  it('PATCH /messages/{id}/move (their message)', async () => {
    const { INBOX } = await foldersByType(sora);
    expectNotFound(await sora.call('PATCH', `/messages/${junMessage}/move?targetMailboxId=${INBOX!.id}`));
  });
  it('PATCH /messages/{id}/move (their folder as the target)', async () => {
    expectNotFound(await sora.call('PATCH', `/messages/${soraMessage}/move?targetMailboxId=${junFolder}`));
    expect((await sora.data('GET', `/messages/${soraMessage}`)).mailboxType).toBe('INBOX');
  });
  it('DELETE /messages/{id}', async () => {
    expectNotFound(await sora.call('DELETE', `/messages/${junMessage}`));
    expectNotFound(await sora.call('DELETE', `/messages/${junMessage}?permanent=true`));
  });
  it('POST /messages/reply, /reply-all and /forward of their message', async () => {
    for (const path of ['reply', 'reply-all']) {
      expectNotFound(
        await sora.call('POST', `/messages/${path}`, {
          originalMessageId: junMessage,
          subject: 's',
          bodyText: 'b',
        }),
      );
    }
    expectNotFound(
      await sora.call('POST', '/messages/forward', {
        originalMessageId: junMessage,
        toAddresses: ['sora@example.com'],
        subject: 's',
      }),
    );
  });
  it('PUT /messages/drafts/{id}, POST /messages/drafts with their draftId, POST /messages with it', async () => {
    expectNotFound(await sora.call('PUT', `/messages/drafts/${junDraft}`, { subject: 'x' }));
    expectNotFound(await sora.call('POST', '/messages/drafts', { draftId: junDraft, subject: 'x' }));
    expectNotFound(
      await sora.call('POST', '/messages', {
        draftId: junDraft,
        toAddresses: ['a@b.co'],
        subject: 's',
        bodyText: 'b',
      }),
    );
  });
  it('GET /messages?mailboxId= their folder', async () => {
    expectNotFound(await sora.call('GET', `/messages?mailboxId=${junBoxes.INBOX!.id}`));
  });
  it('POST /mailboxes/{id}/empty of their trash', async () => {
    expectNotFound(await sora.call('POST', `/mailboxes/${junBoxes.INBOX!.id}/empty`));
  });
  it('PUT, DELETE /mailboxes/{id} and POST /mailboxes under their folder', async () => {
    expectNotFound(await sora.call('PUT', `/mailboxes/${junFolder}`, { name: 'x' }));
    expectNotFound(await sora.call('DELETE', `/mailboxes/${junFolder}`));
    expectNotFound(await sora.call('POST', '/mailboxes', { name: 'x', parentId: junFolder }));
  });

  it('left everything of Jun’s as it was', async () => {
    const message = await jun.data('GET', `/messages/${junMessage}`);
    expect(message).toMatchObject({
      isRead: false,
      isStarred: true,
      mailboxType: 'INBOX',
      subject: 'Jun only secret',
    });
    expect((await jun.data('GET', `/messages/${junDraft}`)).subject).toBe('Jun draft');
    expect(await foldersByType(jun)).toEqual(junBoxes);
    const folders = await jun.data<{ name: string }[]>('GET', '/mailboxes');
    expect(folders.map((f) => f.name)).toContain('Jun folder');
  });
});

describe('lists, views, search and counts show only the user’s own', () => {
  const forbidden = (page: { content: { subject: string }[] }) =>
    page.content.filter((m) => m.subject === 'Jun only secret' || m.subject === 'Jun draft');

  it('GET /messages for every system folder', async () => {
    for (const type of ['INBOX', 'SENT', 'DRAFTS', 'TRASH']) {
      expect(forbidden(await sora.data('GET', `/messages?mailboxType=${type}&size=100`))).toEqual([]);
    }
    expect((await sora.data('GET', '/messages')).totalElements).toBe(1);
  });
  it('GET /messages/unread, /starred, /attachments', async () => {
    expect((await sora.data('GET', '/messages/unread')).totalElements).toBe(1);
    expect((await sora.data('GET', '/messages/starred')).totalElements).toBe(0);
    expect((await sora.data('GET', '/messages/attachments')).totalElements).toBe(0);
  });
  it('GET /messages/search', async () => {
    expect((await sora.data('GET', '/messages/search?keyword=secret')).totalElements).toBe(0);
    expect((await sora.data('GET', '/messages/search?keyword=classified')).totalElements).toBe(0);
    expect((await sora.data('GET', '/messages/search?mailboxType=DRAFTS')).totalElements).toBe(0);
  });
  it('GET /messages/count/unread and GET /mailboxes', async () => {
    expect(await sora.data('GET', '/messages/count/unread')).toEqual({ count: 1, total: 1 });
    const boxes = await sora.data<{ name: string; userId: number }[]>('GET', '/mailboxes');
    expect(boxes.map((b) => b.name)).not.toContain('Jun folder');
    expect(new Set(boxes.map((b) => b.userId)).size).toBe(1);
  });
  it('GET /dashboard/summary', async () => {
    const summary = await sora.data('GET', '/dashboard/summary');
    expect(summary).toMatchObject({ totalMessages: 1, unreadMessages: 1, drafts: 0, sentToday: 0 });
    expect(summary.recent.map((m: { subject: string }) => m.subject)).toEqual(['For Sora']);
  });
});
