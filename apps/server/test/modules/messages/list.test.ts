import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, foldersByType, uploadFile, type MailApi } from './mail-api.js';

interface Item {
  id: number;
  subject: string;
  fromName: string | null;
  fromAddress: string;
  size: number;
  receivedAt: string;
  isRead: boolean;
  isStarred: boolean;
  hasAttachments: boolean;
  mailboxType: string;
}
interface Page {
  content: Item[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
}

let ctx: TestContext;
let jun: MailApi;
let all: Item[] = [];
const TOTAL = 45;
const WORDS = ['apple', 'Banana', 'cherry', 'Delta', 'echo'];

beforeAll(async () => {
  ctx = await createTestApp();
  jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
  const senders = [
    await signIn(ctx.app, 'alice@example.com', 'alice'),
    await signIn(ctx.app, 'bob@example.com', 'Bob'),
    await signIn(ctx.app, 'chris@example.com', 'chris'),
  ];
  for (let i = 0; i < TOTAL; i++) {
    const sender = senders[i % 3]!;
    const attachmentIds =
      i % 10 === 0 ? [await uploadFile(ctx, sender, `notes-${i}.txt`, 'file contents')] : [];
    await mailApi(ctx, sender).data('POST', '/messages', {
      toAddresses: ['jun@example.com'],
      subject: `${WORDS[(i * 7) % WORDS.length]}${String(i).padStart(2, '0')}`,
      bodyText: 'x'.repeat(10 + ((i * 37) % 500)),
      attachmentIds,
    });
  }
  all = (await jun.data<Page>('GET', '/messages?size=100')).content;
});
afterAll(async () => ctx.close());

describe('GET /messages paging', () => {
  it('pages 45 messages by 20: pages 0..2, the last with 5, in the server page shape', async () => {
    const pages = await Promise.all(
      [0, 1, 2].map((p) => jun.data<Page>('GET', `/messages?mailboxType=INBOX&page=${p}&size=20`)),
    );
    expect(pages.map((p) => p.content.length)).toEqual([20, 20, 5]);
    for (const [index, page] of pages.entries()) {
      expect(page).toMatchObject({
        number: index,
        size: 20,
        totalElements: 45,
        totalPages: 3,
        first: index === 0,
        last: index === 2,
      });
    }
    const ids = pages.flatMap((p) => p.content.map((m) => m.id));
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual(all.map((m) => m.id));
    const beyond = await jun.data<Page>('GET', '/messages?page=3&size=20');
    expect(beyond.content).toEqual([]);
  });

  it('defaults to INBOX, page 0 and size 20, newest first', async () => {
    const page = await jun.data<Page>('GET', '/messages');
    expect(page).toMatchObject({ number: 0, size: 20, totalElements: 45 });
    expect(page.content[0]!.mailboxType).toBe('INBOX');
    const times = page.content.map((m) => Date.parse(m.receivedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a page size over 100, a negative page and an unknown sort', async () => {
    expect((await jun.call('GET', '/messages?size=101')).statusCode).toBe(400);
    expect((await jun.call('GET', '/messages?page=-1')).statusCode).toBe(400);
    const sort = await jun.call('GET', '/messages?sort=body,asc', undefined, 'en');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toContain('Sort by receivedAt, subject, from or size.');
  });
});

describe('GET /messages sorting', () => {
  const keys: Record<string, (m: Item) => string | number> = {
    receivedAt: (m) => Date.parse(m.receivedAt),
    subject: (m) => m.subject.toLowerCase(),
    from: (m) => (m.fromName || m.fromAddress).toLowerCase(),
    size: (m) => m.size,
  };
  for (const field of Object.keys(keys)) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`sorts by ${field} ${dir} across pages`, async () => {
        const pages = await Promise.all(
          [0, 1, 2].map((p) => jun.data<Page>('GET', `/messages?sort=${field},${dir}&page=${p}&size=20`)),
        );
        const list = pages.flatMap((p) => p.content);
        expect(new Set(list.map((m) => m.id)).size).toBe(TOTAL);
        const values = list.map(keys[field]!);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse());
        expect(new Set(values).size).toBeGreaterThan(2);
      });
    }
  }

  it('takes the field alone in its default direction (receivedAt newest first, others ascending)', async () => {
    const bySubject = await jun.data<Page>('GET', '/messages?sort=subject&size=100');
    expect(bySubject.content[0]!.subject.toLowerCase().startsWith('apple')).toBe(true);
    const byDate = await jun.data<Page>('GET', '/messages?sort=receivedAt&size=100');
    expect(byDate.content.map((m) => m.id)).toEqual(all.map((m) => m.id));
  });
});

describe('GET /messages filters', () => {
  beforeAll(async () => {
    for (const m of all.slice(0, 5)) await jun.data('PATCH', `/messages/${m.id}/read?isRead=true`);
    for (const m of all.slice(3, 6)) await jun.data('PATCH', `/messages/${m.id}/star?isStarred=true`);
  });

  it('filters by read state, star and attachments, combined with AND', async () => {
    const read = await jun.data<Page>('GET', '/messages?isRead=true&size=100');
    expect(read.totalElements).toBe(5);
    expect(read.content.every((m) => m.isRead)).toBe(true);
    const unread = await jun.data<Page>('GET', '/messages?isRead=false&size=100');
    expect(unread.totalElements).toBe(40);
    expect(unread.content).toHaveLength(40);
    const starred = await jun.data<Page>('GET', '/messages?isStarred=true');
    expect(starred.content.map((m) => m.id).sort()).toEqual(
      all
        .slice(3, 6)
        .map((m) => m.id)
        .sort(),
    );
    const both = await jun.data<Page>('GET', '/messages?isStarred=true&isRead=false');
    expect(both.content.map((m) => m.id).sort()).toEqual([all[5]!.id]);
    const files = await jun.data<Page>('GET', '/messages?hasAttachments=true');
    expect(files.totalElements).toBe(5);
    expect(files.content.every((m) => m.hasAttachments)).toBe(true);
    const noFiles = await jun.data<Page>('GET', '/messages?hasAttachments=false&size=5');
    expect(noFiles).toMatchObject({ totalElements: 40, totalPages: 8 });
  });

  it('offers unread, starred and with-attachment views across folders but the trash', async () => {
    const folder = await jun.data<{ id: number }>('POST', '/mailboxes', { name: 'Kept' });
    await jun.data('PATCH', `/messages/${all[10]!.id}/move?targetMailboxId=${folder.id}`);
    await jun.data('PATCH', `/messages/${all[10]!.id}/star?isStarred=true`);
    await jun.data('DELETE', `/messages/${all[3]!.id}`); // starred, read, no file: now in the trash

    const starred = await jun.data<Page>('GET', '/messages/starred');
    expect(starred.content.map((m) => m.id).sort()).toEqual([all[4]!.id, all[5]!.id, all[10]!.id].sort());
    expect(starred.totalElements).toBe(3);
    const unread = await jun.data<Page>('GET', '/messages/unread?size=100');
    expect(unread.totalElements).toBe(40);
    expect(unread.content.some((m) => m.id === all[10]!.id)).toBe(true);
    const withFiles = await jun.data<Page>('GET', '/messages/attachments?sort=size,asc');
    expect(withFiles.totalElements).toBe(5);
    const sizes = withFiles.content.map((m) => m.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  });

  it('counts unread mail: INBOX in count, every folder but trash in total', async () => {
    const counts = await jun.data<{ count: number; total: number }>('GET', '/messages/count/unread');
    const boxes = await foldersByType(jun);
    expect(counts).toEqual({ count: boxes.INBOX!.unreadCount, total: 40 });
    expect(counts.count).toBe(39);
  });
});
