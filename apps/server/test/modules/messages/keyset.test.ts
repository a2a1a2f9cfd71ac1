import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MessagePage } from '@postline/shared/messages';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from './mail-api.js';

/*
 * Keyset paging (issue 14): walking a list by nextCursor, and back by prevCursor, visits every
 * message exactly once in every sort, also where sort keys and arrival times are equal; a search
 * whose count stops at its cap says so and still pages to its last match.
 */

/** The page every list and search answers (packages/shared MessagePage). */
type Page = MessagePage;

let ctx: TestContext;
let jun: MailApi;
let sora: MailApi;
const SUBJECTS = ['Alpha', 'beta', 'ALPHA', 'Gamma'];
const TOTAL = 23;
const SIZE = 5;

const withCursor = (path: string, page: number, cursor: string) =>
  `${path}${path.includes('?') ? '&' : '?'}size=${SIZE}&page=${page}&cursor=${encodeURIComponent(cursor)}`;

/** Every page from the first by nextCursor, then every page back from the last by prevCursor. */
async function walk(api: MailApi, path: string) {
  const sep = path.includes('?') ? '&' : '?';
  const forward: Page[] = [await api.data<Page>('GET', `${path}${sep}size=${SIZE}&page=0`)];
  while (forward.at(-1)!.nextCursor) {
    const last = forward.at(-1)!;
    forward.push(await api.data<Page>('GET', withCursor(path, last.number + 1, last.nextCursor!)));
    if (forward.length > 200) throw new Error('paging does not end');
  }
  const backward: Page[] = [forward.at(-1)!];
  while (backward.at(-1)!.prevCursor) {
    const page = backward.at(-1)!;
    backward.push(await api.data<Page>('GET', withCursor(path, page.number - 1, page.prevCursor!)));
    if (backward.length > 200) throw new Error('paging back does not end');
  }
  return { forward, backward: backward.reverse() };
}

const ids = (pages: Page[]) => pages.flatMap((page) => page.content.map((m) => m.id));

beforeAll(async () => {
  ctx = await createTestApp();
  jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
  sora = mailApi(ctx, await signIn(ctx.app, 'sora@example.com', 'Sora'));
  const senders = [
    mailApi(ctx, await signIn(ctx.app, 'alice@example.com', 'alice')),
    mailApi(ctx, await signIn(ctx.app, 'bob@example.com', 'Alice')),
  ];
  for (let i = 0; i < TOTAL; i++) {
    await senders[i % 2]!.data('POST', '/messages', {
      toAddresses: ['jun@example.com', 'sora@example.com'],
      subject: `${SUBJECTS[i % SUBJECTS.length]} keyset`,
      // Three body lengths: many messages share a size.
      bodyText: 'x'.repeat(100 * (1 + (i % 3))),
    });
  }
  // Ties on time too: groups of three messages arrive in the same microsecond.
  await ctx.db.database.db.execute(sql`
    UPDATE messages SET received_at = timestamptz '2026-03-01 09:00:00.123456+00' + ((id / 3) * interval '1 minute')`);
});
afterAll(async () => ctx.close());

describe('keyset paging of GET /messages', () => {
  for (const sort of ['receivedAt', 'subject', 'from', 'size']) {
    for (const dir of ['asc', 'desc']) {
      it(`visits every message once by cursor, forward and back, sorted by ${sort} ${dir}`, async () => {
        const path = `/messages?mailboxType=INBOX&sort=${sort},${dir}`;
        const byOffset = await jun.data<Page>('GET', `${path}&size=100`);
        expect(byOffset.content).toHaveLength(TOTAL);
        const { forward, backward } = await walk(jun, path);
        expect(forward).toHaveLength(Math.ceil(TOTAL / SIZE));
        expect(ids(forward)).toEqual(byOffset.content.map((m) => m.id));
        expect(ids(backward)).toEqual(ids(forward));
        expect(forward.map((p) => p.number)).toEqual(forward.map((_, i) => i));
        expect(forward.map((p) => p.last)).toEqual(forward.map((_, i) => i === forward.length - 1));
        expect(forward[0]!.prevCursor).toBeNull();
        expect(forward.every((p) => p.totalElements === TOTAL && !p.totalIsEstimate)).toBe(true);
        // A jump by offset gives the same page as the walk.
        const third = await jun.data<Page>('GET', `${path}&size=${SIZE}&page=2`);
        expect(third.content.map((m) => m.id)).toEqual(forward[2]!.content.map((m) => m.id));
        expect(third.nextCursor).toBe(forward[2]!.nextCursor);
      });
    }
  }

  it('pages the starred view and the unread view by cursor as well', async () => {
    const { forward } = await walk(jun, '/messages/unread?sort=size,asc');
    expect(new Set(ids(forward)).size).toBe(TOTAL);
    expect(ids(forward)).toHaveLength(TOTAL);
  });

  it('refuses a cursor that is not one, or was written for another sort, in the user’s language', async () => {
    const first = await jun.data<Page>('GET', `/messages?sort=subject,asc&size=${SIZE}`);
    const other = await jun.call(
      'GET',
      withCursor('/messages?sort=size,asc', 1, first.nextCursor!),
      undefined,
      'en',
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('That page position is not valid');
    const garbage = await jun.call('GET', withCursor('/messages', 1, 'bm90IGpzb24'));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toContain('페이지 위치가 올바르지 않습니다');
  });

  it('never shows another user’s mail, even with a cursor taken from their list', async () => {
    const soraFirst = await sora.data<Page>('GET', `/messages?size=${SIZE}`);
    const junIds = new Set(ids((await walk(jun, '/messages')).forward));
    const soraIds = ids((await walk(sora, '/messages')).forward);
    expect(soraIds).toHaveLength(TOTAL);
    expect(soraIds.some((id) => junIds.has(id))).toBe(false);
    const borrowed = await jun.data<Page>('GET', withCursor('/messages', 1, soraFirst.nextCursor!));
    expect(borrowed.content.length).toBeGreaterThan(0);
    expect(borrowed.content.every((m) => junIds.has(m.id))).toBe(true);
  });
});

describe('a search past its count cap', () => {
  const MATCHES = 1_050;

  beforeAll(async () => {
    // 1,050 matches through the API would take minutes: one real message is copied in SQL.
    await ctx.db.database.db.execute(sql`
      INSERT INTO messages (user_id, mailbox_id, subject, from_address, from_name, to_addresses,
        to_text, body_text, preview, size_bytes, received_at)
      SELECT m.user_id, m.mailbox_id, 'Lighthouse ' || g, m.from_address, m.from_name, m.to_addresses,
        m.to_text, 'lighthouse report ' || g, 'lighthouse report', 100 + g % 7,
        timestamptz '2026-04-01 00:00:00+00' + ((g / 4) * interval '1 second')
      FROM messages m
      JOIN users u ON u.id = m.user_id AND u.email IN ('jun@example.com', 'sora@example.com')
      CROSS JOIN generate_series(1, ${MATCHES}) AS g
      WHERE m.id = (SELECT min(id) FROM messages x WHERE x.user_id = m.user_id)`);
  });

  it('says the count is an estimate, pages past it by cursor, and knows the total on the last page', async () => {
    const path = '/messages/search?q=lighthouse&sort=receivedAt,desc';
    const first = await jun.data<Page>('GET', `${path}&size=100`);
    expect(first).toMatchObject({ totalElements: 1_000, totalIsEstimate: true, totalPages: 10, last: false });
    const pages: Page[] = [first];
    while (pages.at(-1)!.nextCursor) {
      const last = pages.at(-1)!;
      pages.push(
        await jun.data<Page>('GET', `${path}&size=100&page=${last.number + 1}&cursor=${last.nextCursor}`),
      );
    }
    expect(pages).toHaveLength(11);
    const found = ids(pages);
    expect(found).toHaveLength(MATCHES);
    expect(new Set(found).size).toBe(MATCHES);
    // Page 10 (the 11th) is past the counted 1,000: still offered, and then the total is exact.
    expect(pages[9]).toMatchObject({ totalPages: 11, totalIsEstimate: true, last: false });
    expect(pages[10]).toMatchObject({
      totalElements: MATCHES,
      totalPages: 11,
      totalIsEstimate: false,
      last: true,
    });
  });

  it('counts ten pages past the one asked for, and further as the user pages on', async () => {
    const path = '/messages/search?q=lighthouse&size=20';
    const first = await jun.data<Page>('GET', `${path}&page=0`);
    expect(first).toMatchObject({ totalElements: 200, totalIsEstimate: true, totalPages: 10, last: false });
    // Page 10 (the 11th) by its neighbour's cursor: counted to (10 + 10) × 20.
    const ninth = await jun.data<Page>('GET', `${path}&page=9`);
    const tenth = await jun.data<Page>(
      'GET',
      `${path}&page=10&cursor=${encodeURIComponent(ninth.nextCursor!)}`,
    );
    expect(tenth).toMatchObject({ number: 10, totalElements: 400, totalIsEstimate: true, totalPages: 20 });
    expect(tenth.content[0]!.id).not.toBe(ninth.content.at(-1)!.id);
    // Few matches: the count is exact whatever the page.
    const few = await jun.data<Page>('GET', '/messages/search?q=%22lighthouse%20report%2017%22&size=20');
    expect(few).toMatchObject({ totalIsEstimate: false, last: true });
    expect(few.totalElements).toBe(few.content.length);
  });

  it('jumps by page number past the cap without falling back to the cap', async () => {
    // Rows 1,021-1,040 of 1,050: past the cap, with more to come.
    const page = await jun.data<Page>('GET', '/messages/search?q=lighthouse&size=20&page=51');
    expect(page.content).toHaveLength(20);
    expect(page).toMatchObject({ number: 51, totalIsEstimate: true, last: false, totalElements: 1_040 });
    expect(page.totalPages).toBe(53);
    const last = await jun.data<Page>('GET', '/messages/search?q=lighthouse&size=20&page=52');
    expect(last).toMatchObject({
      totalElements: MATCHES,
      totalIsEstimate: false,
      last: true,
      totalPages: 53,
    });
    expect(last.content).toHaveLength(10);
  });

  it('never finds another user’s copies', async () => {
    const soraPage = await sora.data<Page>('GET', '/messages/search?q=lighthouse&size=100');
    const soraIds = new Set(soraPage.content.map((m) => m.id));
    const junPages = [await jun.data<Page>('GET', '/messages/search?q=lighthouse&size=100')];
    while (junPages.at(-1)!.nextCursor) {
      const last = junPages.at(-1)!;
      junPages.push(
        await jun.data<Page>(
          'GET',
          `/messages/search?q=lighthouse&size=100&page=${last.number + 1}&cursor=${last.nextCursor}`,
        ),
      );
    }
    expect(ids(junPages).some((id) => soraIds.has(id))).toBe(false);
  });
});
