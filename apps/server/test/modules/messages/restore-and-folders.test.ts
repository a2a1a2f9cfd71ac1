import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listMigrations, splitStatements } from '../../../src/db/migrate.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { deliver, incoming } from '../filters/helpers.js';
import { countsMatchRows, mailApi, foldersByType, type MailApi } from './mail-api.js';

/**
 * Issue 34: Archive exists from the first sign-in; Trash gets Restore, back where the mail came
 * from; received mail never goes into Sent, nor anything but a draft into Drafts.
 */
let ctx: TestContext;
let minji: SignedIn;
let api: MailApi;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  api = mailApi(ctx, minji);
  await signIn(ctx.app, 'jun@postline.local', '이준');
});
afterAll(async () => ctx?.close());

type Box = { id: number; name: string; type: string; children: Box[] };
const received = (subject: string) =>
  deliver(ctx, minji.user.id, incoming({ subject, to: [{ address: 'minji@postline.local', name: null }] }));
const folderOf = async (id: number) =>
  await api.data<{ mailboxType: string; mailboxId: number }>('GET', `/messages/${id}`);

describe('Archive from the first sign-in', () => {
  it('is there for a new user, and migration 0020 makes it for users from before', async () => {
    const types = (await api.data<Box[]>('GET', '/mailboxes')).map((m) => m.type);
    expect(types).toEqual(['INBOX', 'SENT', 'DRAFTS', 'TRASH', 'ARCHIVE', 'SCHEDULED']);

    // Two users from before 0020: one without Archive, one with a folder of their own called so.
    const old = await signIn(ctx.app, 'old@postline.local', '예전');
    const named = await signIn(ctx.app, 'named@postline.local', '이름');
    const db = ctx.db.database.db;
    await db.execute(
      sql`DELETE FROM mailboxes WHERE type = 'ARCHIVE' AND user_id IN (${old.user.id}, ${named.user.id})`,
    );
    await mailApi(ctx, named).data('POST', '/mailboxes', { name: 'archive' });
    const insert = splitStatements(listMigrations().find((m) => m.name.startsWith('0020_'))!.sql).find((s) =>
      s.includes('INSERT INTO mailboxes'),
    )!;
    await db.execute(sql.raw(insert));
    await db.execute(sql.raw(insert)); // once only, however often it runs
    const archives = async (who: SignedIn) =>
      (await mailApi(ctx, who).data<Box[]>('GET', '/mailboxes'))
        .filter((m) => m.type === 'ARCHIVE')
        .map((m) => m.name);
    expect(await archives(old)).toEqual(['Archive']);
    expect(await archives(named)).toEqual(['Archive (2)']);
  });
});

describe('Restore from Trash', () => {
  it('takes mail back to the folder it left, else to where it lives, with the counts right', async () => {
    const project = await api.data<Box>('POST', '/mailboxes', { name: '프로젝트' });
    const filed = await received('견적서');
    await api.data('PATCH', `/messages/${filed.id}/move?targetMailboxId=${project.id}`);
    const inboxMail = await received('점심');
    const sent = await api.data<{ id: number }>('POST', '/messages', {
      toAddresses: ['jun@postline.local'],
      subject: '회의록',
      bodyText: 'x',
    });
    for (const id of [filed.id, inboxMail.id, sent.id]) await api.data('DELETE', `/messages/${id}`);
    for (const id of [filed.id, inboxMail.id, sent.id])
      expect((await folderOf(id)).mailboxType).toBe('TRASH');

    expect((await api.data<{ mailboxId: number }>('POST', `/messages/${filed.id}/restore`)).mailboxId).toBe(
      project.id,
    );
    // Mail trashed before Postline remembered where from: the natural folder.
    await ctx.db.database.db.execute(sql`UPDATE messages SET trashed_from_id = NULL WHERE id = ${sent.id}`);
    const affected = await api.data<{ affected: number }>('POST', '/messages/bulk', {
      action: 'RESTORE',
      messageIds: [inboxMail.id, sent.id],
    });
    expect(affected.affected).toBe(2);
    expect((await folderOf(inboxMail.id)).mailboxType).toBe('INBOX');
    expect((await folderOf(sent.id)).mailboxType).toBe('SENT');
    await countsMatchRows(ctx, minji.user.id);
  });

  it('goes to the Inbox when the folder it came from was deleted since, and only from Trash', async () => {
    const temp = await api.data<Box>('POST', '/mailboxes', { name: '임시 폴더' });
    const mail = await received('계약서');
    await api.data('PATCH', `/messages/${mail.id}/move?targetMailboxId=${temp.id}`);
    await api.data('DELETE', `/messages/${mail.id}`);
    await api.data('DELETE', `/mailboxes/${temp.id}`);
    expect(
      (await api.data<{ mailboxType: string }>('POST', `/messages/${mail.id}/restore`)).mailboxType,
    ).toBe('INBOX');

    const again = await api.call('POST', `/messages/${mail.id}/restore`, undefined, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'Only mail in the trash can be restored.',
    });
    expect((await api.call('POST', `/messages/${mail.id}/restore`)).json().message).toBe(
      '휴지통에 있는 메일만 복원할 수 있습니다.',
    );
  });

  it('restores a whole trash emptied out of a folder into that folder', async () => {
    const box = await api.data<Box>('POST', '/mailboxes', { name: '뉴스레터' });
    const ids: number[] = [];
    for (const subject of ['A', 'B']) {
      const mail = await received(subject);
      await api.data('PATCH', `/messages/${mail.id}/move?targetMailboxId=${box.id}`);
      ids.push(mail.id);
    }
    await api.data('POST', `/mailboxes/${box.id}/empty`);
    const trash = (await foldersByType(api)).TRASH!;
    await api.data('POST', '/messages/bulk', { action: 'RESTORE', scope: { mailboxId: trash.id } });
    for (const id of ids) expect((await folderOf(id)).mailboxId).toBe(box.id);
    await countsMatchRows(ctx, minji.user.id);
  });
});

describe('Sent and Drafts hold only what belongs there', () => {
  it('refuses to move received mail into Sent, or anything but a draft into Drafts', async () => {
    const mail = await received('광고');
    const boxes = await foldersByType(api);
    const intoSent = await api.call(
      'PATCH',
      `/messages/${mail.id}/move?targetMailboxId=${boxes.SENT!.id}`,
      undefined,
      'en',
    );
    expect(intoSent.statusCode).toBe(409);
    expect(intoSent.json().message).toBe('Only mail you sent can go into Sent.');
    const intoDrafts = await api.call(
      'PATCH',
      `/messages/${mail.id}/move?targetMailboxId=${boxes.DRAFTS!.id}`,
    );
    expect(intoDrafts.json().message).toBe('임시보관함에는 쓰고 있는 메일만 둘 수 있습니다.');

    // Her own sent mail may go to Archive and back to Sent; a selection with received mail may not.
    const sent = await api.data<{ id: number }>('POST', '/messages', {
      toAddresses: ['jun@postline.local'],
      subject: '보고',
      bodyText: 'x',
    });
    await api.data('PATCH', `/messages/${sent.id}/move?targetMailboxId=${boxes.ARCHIVE!.id}`);
    await api.data('PATCH', `/messages/${sent.id}/move?targetMailboxId=${boxes.SENT!.id}`);
    await api.data('PATCH', `/messages/${sent.id}/move?targetMailboxId=${boxes.ARCHIVE!.id}`);
    const bulk = await api.call('POST', '/messages/bulk', {
      action: 'MOVE',
      targetMailboxId: boxes.SENT!.id,
      messageIds: [sent.id, mail.id],
    });
    expect(bulk.statusCode).toBe(409);
    expect((await folderOf(sent.id)).mailboxType).toBe('ARCHIVE');
    expect((await folderOf(mail.id)).mailboxType).toBe('INBOX');
    await countsMatchRows(ctx, minji.user.id);
  });
});
