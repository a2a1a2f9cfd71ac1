import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldFolderCounts } from '../../../src/modules/folders/counts.js';
import { ensureSpecialFolder } from '../../../src/modules/folders/service.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { countsMatchRows, mailApi, foldersByType, sendBody, type MailApi } from '../messages/mail-api.js';

interface Box {
  id: number;
  name: string;
  type: string;
  totalCount: number;
  messageCount: number;
  unreadCount: number;
  parentId: number | null;
  children: Box[];
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function user(email: string): Promise<{ signed: SignedIn; api: MailApi }> {
  const signed = await signIn(ctx.app, email);
  return { signed, api: mailApi(ctx, signed) };
}

const create = (api: MailApi, name: string, parentId?: number | null) =>
  api.data<Box>('POST', '/mailboxes', { name, ...(parentId === undefined ? {} : { parentId }) });

describe('GET /mailboxes', () => {
  it('lists the system folders first, then the user’s own by name with sub-folders nested', async () => {
    const { api } = await user('tree@example.com');
    await create(api, 'Zeta');
    const alpha = await create(api, 'alpha');
    const child = await create(api, 'Child', alpha.id);
    await create(api, 'Grandchild', child.id);

    const list = await api.data<Box[]>('GET', '/mailboxes');
    expect(list.map((m) => m.type)).toEqual([
      'INBOX',
      'SENT',
      'DRAFTS',
      'TRASH',
      'ARCHIVE',
      'SCHEDULED',
      'CUSTOM',
      'CUSTOM',
    ]);
    expect(list.slice(6).map((m) => m.name)).toEqual(['alpha', 'Zeta']);
    expect(list[6]!.children.map((c) => c.name)).toEqual(['Child']);
    expect(list[6]!.children[0]!.children.map((c) => c.name)).toEqual(['Grandchild']);
    expect(list[0]).toMatchObject({ totalCount: 0, messageCount: 0, unreadCount: 0, parentId: null });
  });

  it('shows Spam after the others once made, made only once; Archive and Scheduled are there from the start', async () => {
    const { api, signed } = await user('special@example.com');
    await create(api, 'Spam'); // the user's own folder of that name
    const first = await ctx.db.database.transaction((tx) => ensureSpecialFolder(tx, signed.user.id, 'SPAM'));
    const again = await ctx.db.database.transaction((tx) => ensureSpecialFolder(tx, signed.user.id, 'SPAM'));
    await ctx.db.database.transaction((tx) => ensureSpecialFolder(tx, signed.user.id, 'ARCHIVE'));
    expect(again.id).toBe(first.id);
    expect(first.name).toBe('Spam (2)');

    const list = await api.data<Box[]>('GET', '/mailboxes');
    expect(list.map((m) => m.type)).toEqual([
      'INBOX',
      'SENT',
      'DRAFTS',
      'TRASH',
      'SPAM',
      'ARCHIVE',
      'SCHEDULED',
      'CUSTOM',
    ]);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/mailboxes' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /mailboxes', () => {
  it('refuses a second folder of the same name under the same parent, whatever the case, in ko and en', async () => {
    const { api } = await user('dup@example.com');
    const projects = await create(api, 'Projects');
    const ko = await api.call('POST', '/mailboxes', { name: 'projects' });
    expect(ko.statusCode).toBe(409);
    expect(ko.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(ko.json().message).toBe("같은 위치에 'projects' 메일함이 이미 있습니다.");
    const en = await api.call('POST', '/mailboxes', { name: 'PROJECTS' }, 'en');
    expect(en.json().message).toBe("A folder named 'PROJECTS' already exists here.");

    // The same name elsewhere is fine.
    const nested = await create(api, 'Projects', projects.id);
    expect(nested.parentId).toBe(projects.id);
    expect(
      (await api.call('POST', '/mailboxes', { name: 'Projects', parentId: projects.id })).statusCode,
    ).toBe(409);
  });

  it('refuses a blank name with the nameRequired text', async () => {
    const { api } = await user('blank@example.com');
    const res = await api.call('POST', '/mailboxes', { name: '   ' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain('Enter a name.');
  });

  it('puts a folder only under the user’s own parent', async () => {
    const owner = await user('parent-owner@example.com');
    const other = await user('parent-other@example.com');
    const theirs = await create(owner.api, 'Private');
    const res = await other.api.call('POST', '/mailboxes', { name: 'Sneaky', parentId: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MAIL_NOT_FOUND');
    expect((await owner.api.data<Box[]>('GET', '/mailboxes'))[4]!.children).toEqual([]);
  });
});

describe('PUT /mailboxes/{id}', () => {
  it('renames and moves a custom folder, and moves it back to the top with parentId null', async () => {
    const { api } = await user('rename@example.com');
    const work = await create(api, 'Work');
    const home = await create(api, 'Home');
    const renamed = await api.data<Box>('PUT', `/mailboxes/${work.id}`, { name: 'Office' });
    expect(renamed).toMatchObject({ id: work.id, name: 'Office', parentId: null });

    const moved = await api.data<Box>('PUT', `/mailboxes/${work.id}`, { parentId: home.id });
    expect(moved).toMatchObject({ name: 'Office', parentId: home.id });
    let list = await api.data<Box[]>('GET', '/mailboxes');
    expect(list.find((m) => m.id === home.id)!.children.map((c) => c.name)).toEqual(['Office']);

    await api.data('PUT', `/mailboxes/${work.id}`, { parentId: null });
    list = await api.data<Box[]>('GET', '/mailboxes');
    expect(list.filter((m) => m.type === 'CUSTOM').map((m) => m.name)).toEqual(['Home', 'Office']);
  });

  it('refuses moving a folder into itself or below itself', async () => {
    const { api } = await user('cycle@example.com');
    const a = await create(api, 'A');
    const b = await create(api, 'B', a.id);
    const c = await create(api, 'C', b.id);
    for (const target of [a.id, c.id]) {
      const res = await api.call('PUT', `/mailboxes/${a.id}`, { parentId: target }, 'en');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A folder cannot be moved into itself or one of its sub-folders.');
    }
  });

  it('refuses renaming to a sibling’s name', async () => {
    const { api } = await user('sibling@example.com');
    await create(api, 'One');
    const two = await create(api, 'Two');
    const res = await api.call('PUT', `/mailboxes/${two.id}`, { name: 'ONE' });
    expect(res.statusCode).toBe(409);
  });

  it('never renames, moves or deletes a system folder', async () => {
    const { api } = await user('system@example.com');
    const { INBOX } = await foldersByType(api);
    const ko = await api.call('PUT', `/mailboxes/${INBOX!.id}`, { name: 'Mine' });
    expect(ko.statusCode).toBe(400);
    expect(ko.json().message).toBe('기본 메일함은 이름을 바꾸거나 옮기거나 삭제할 수 없습니다.');
    const en = await api.call('DELETE', `/mailboxes/${INBOX!.id}`, undefined, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('System folders cannot be renamed, moved or deleted.');
    expect((await api.data<Box[]>('GET', '/mailboxes'))[0]!.name).toBe('Inbox');
  });

  it('answers 404 for another user’s folder and leaves it as it was', async () => {
    const owner = await user('put-owner@example.com');
    const other = await user('put-other@example.com');
    const theirs = await create(owner.api, 'Theirs');
    const put = await other.api.call('PUT', `/mailboxes/${theirs.id}`, { name: 'Mine now' });
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe('MAIL_NOT_FOUND');
    const del = await other.api.call('DELETE', `/mailboxes/${theirs.id}`);
    expect(del.statusCode).toBe(404);
    expect((await owner.api.data<Box[]>('GET', '/mailboxes'))[6]!.name).toBe('Theirs');
  });
});

describe('DELETE /mailboxes/{id}', () => {
  it('sends the mail of the folder and its sub-folders to the trash with the counts kept right', async () => {
    const sender = await user('folder-sender@example.com');
    const { api, signed } = await user('folder-owner@example.com');
    const parent = await create(api, 'Parent');
    const child = await create(api, 'Kid', parent.id);
    const ids: number[] = [];
    for (const subject of ['one', 'two', 'three']) {
      await sender.api.data('POST', '/messages', sendBody([signed.user.email], subject, 'body'));
    }
    const inbox = await api.data<{ content: { id: number }[] }>('GET', '/messages?mailboxType=INBOX');
    ids.push(...inbox.content.map((m) => m.id));
    await api.data('PATCH', `/messages/${ids[0]}/move?targetMailboxId=${parent.id}`);
    await api.data('PATCH', `/messages/${ids[1]}/move?targetMailboxId=${child.id}`);
    await api.data('PATCH', `/messages/${ids[1]}/read?isRead=true`);

    await api.data('DELETE', `/mailboxes/${parent.id}`);
    const boxes = await api.data<Box[]>('GET', '/mailboxes');
    expect(boxes.some((m) => m.type === 'CUSTOM')).toBe(false);
    const trash = boxes.find((m) => m.type === 'TRASH')!;
    expect(trash).toMatchObject({ totalCount: 2, unreadCount: 1 });
    const inTrash = await api.data<{ content: { id: number }[] }>('GET', '/messages?mailboxType=TRASH');
    expect(inTrash.content.map((m) => m.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(boxes[0]).toMatchObject({ type: 'INBOX', totalCount: 1, unreadCount: 1 });
    await countsMatchRows(ctx, signed.user.id);
  });
});

describe('folder counts under concurrent changes', () => {
  it('are right at once through the API, and two nodes folding together count every change once', async () => {
    const { signed, api } = await user('counts-fold@example.com');
    const sender = await user('counts-fold-sender@example.com');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sender.api.data('POST', '/messages', sendBody([signed.user.email], `count ${i}`, 'body')),
      ),
    );
    const before = await foldersByType(api);
    expect(before.INBOX).toMatchObject({ totalCount: 8, unreadCount: 8 });

    const inbox = await api.data<{ content: { id: number }[] }>('GET', '/messages?mailboxType=INBOX');
    await api.data('PATCH', `/messages/${inbox.content[0]!.id}/read`, { isRead: true });
    // Two folds at once, as two nodes' timers may run: neither may add a change the other added.
    await Promise.all([foldFolderCounts(ctx.db.database.db), foldFolderCounts(ctx.db.database.db)]);
    const after = await foldersByType(api);
    expect(after.INBOX).toMatchObject({ totalCount: 8, unreadCount: 7 });
    await countsMatchRows(ctx, signed.user.id);
  });
});
