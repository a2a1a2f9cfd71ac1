import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, MailBySubject, uploadFile, type MailApi } from './mail-api.js';

interface Page {
  content: Array<{ id: number; subject: string; mailboxType: string }>;
  totalElements: number;
  totalPages: number;
  number: number;
}

let ctx: TestContext;
let jun: MailApi;
let sora: MailApi;
let sent: MailBySubject;

const subjects = (page: Page) => page.content.map((m) => m.subject).sort();
const search = (api: MailApi, query: string) => api.data<Page>('GET', `/messages/search?${query}`);

beforeAll(async () => {
  ctx = await createTestApp();
  const junSigned = await signIn(ctx.app, 'jun@example.com', 'Jun');
  jun = mailApi(ctx, junSigned);
  sent = new MailBySubject(ctx, jun, 'jun@example.com', '/messages?size=100');
  sora = mailApi(ctx, await signIn(ctx.app, 'sora@example.com', 'Sora'));
  const minji = await signIn(ctx.app, 'minji@example.com', '김민지');
  const bob = await signIn(ctx.app, 'bob@example.com', 'Bob Lee');
  const chris = await signIn(ctx.app, 'chris@example.com', 'Chris Kim');

  await sent.deliver(minji, '주간 회의 안내', 'agenda for the week', {
    attachmentIds: [await uploadFile(ctx, minji, 'agenda.txt', 'agenda')],
  });
  await sent.deliver(bob, 'Lunch plan', '내일 점심에 회의실 앞에서 만나요');
  await sent.deliver(chris, 'Quarterly REPORT', 'the numbers are inside');
  await sent.deliver(chris, '100% done_ok', 'literal characters');
  await sent.deliver(minji, '회의 취소', '오늘 회의는 취소합니다', { ccAddresses: ['sora@example.com'] });
  await jun.data('DELETE', `/messages/${sent.ids['회의 취소']}`);
  await jun.data('PATCH', `/messages/${sent.ids['Lunch plan']}/read?isRead=true`);
  await jun.data('PATCH', `/messages/${sent.ids['Quarterly REPORT']}/star?isStarred=true`);
  await sent.receivedAt('주간 회의 안내', new Date(2024, 2, 10, 10, 0));
  await sent.receivedAt('Lunch plan', new Date(2024, 2, 11, 23, 30));
  await sent.receivedAt('Quarterly REPORT', new Date(2024, 2, 12, 0, 10));
});
afterAll(async () => ctx.close());

describe('GET /messages/search by keyword', () => {
  it('finds a Korean word in subjects and bodies, outside the trash', async () => {
    const page = await search(jun, `keyword=${encodeURIComponent('회의')}`);
    expect(subjects(page)).toEqual(['Lunch plan', '주간 회의 안내']);
    expect(page.totalElements).toBe(2);
  });

  it('searches the trash when asked for it by mailboxType', async () => {
    const page = await search(jun, `keyword=${encodeURIComponent('회의')}&mailboxType=TRASH`);
    expect(subjects(page)).toEqual(['회의 취소']);
    expect(page.content[0]!.mailboxType).toBe('TRASH');
    const spam = await search(jun, 'keyword=plan&mailboxType=SPAM');
    expect(spam.totalElements).toBe(0);
  });

  it('finds a Latin word in a subject and in a body, ignoring case', async () => {
    expect(subjects(await search(jun, 'keyword=report'))).toEqual(['Quarterly REPORT']);
    expect(subjects(await search(jun, 'keyword=INSIDE'))).toEqual(['Quarterly REPORT']);
    expect(subjects(await search(jun, 'keyword=agenda'))).toEqual(['주간 회의 안내']);
  });

  it('finds the sender by name or address and the recipients', async () => {
    expect(subjects(await search(jun, 'keyword=Chris%20Kim'))).toEqual(['100% done_ok', 'Quarterly REPORT']);
    expect(subjects(await search(jun, 'keyword=bob%40example'))).toEqual(['Lunch plan']);
    expect((await search(jun, 'keyword=jun%40example.com')).totalElements).toBe(4);
  });

  it('takes % and _ literally', async () => {
    expect(subjects(await search(jun, 'keyword=%25'))).toEqual(['100% done_ok']);
    expect(subjects(await search(jun, 'keyword=_'))).toEqual(['100% done_ok']);
  });

  it('refuses a keyword over 200 characters', async () => {
    const res = await jun.call('GET', `/messages/search?keyword=${'a'.repeat(201)}`, undefined, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('At most 200 characters.');
  });
});

describe('GET /messages/search with the advanced fields', () => {
  it('takes a date range with the end day included whole', async () => {
    expect(subjects(await search(jun, 'startDate=2024-03-10&endDate=2024-03-11'))).toEqual([
      'Lunch plan',
      '주간 회의 안내',
    ]);
    expect(subjects(await search(jun, 'startDate=2024-03-11&endDate=2024-03-12'))).toEqual([
      'Lunch plan',
      'Quarterly REPORT',
    ]);
    expect(subjects(await search(jun, 'endDate=2024-03-10'))).toEqual(['주간 회의 안내']);
    expect((await search(jun, 'startDate=2024-03-13')).totalElements).toBe(1);
  });

  it('refuses an end date before the start date, and a date that does not exist', async () => {
    const range = await jun.call(
      'GET',
      '/messages/search?startDate=2024-03-12&endDate=2024-03-11',
      undefined,
      'en',
    );
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toContain('The end date cannot be before the start date.');
    expect((await jun.call('GET', '/messages/search?startDate=2024-02-30')).statusCode).toBe(400);
  });

  it('filters by from and to', async () => {
    expect(subjects(await search(jun, 'from=minji'))).toEqual(['주간 회의 안내']);
    expect(subjects(await search(jun, `from=${encodeURIComponent('김민지')}`))).toEqual(['주간 회의 안내']);
    expect(subjects(await search(jun, 'to=sora&mailboxType=TRASH'))).toEqual(['회의 취소']);
    expect((await search(jun, 'to=sora')).totalElements).toBe(0);
  });

  it('filters by attachment, unread and star, with the keyword', async () => {
    expect(subjects(await search(jun, 'hasAttachment=true'))).toEqual(['주간 회의 안내']);
    expect(subjects(await search(jun, `keyword=${encodeURIComponent('회의')}&isUnread=true`))).toEqual([
      '주간 회의 안내',
    ]);
    expect(subjects(await search(jun, 'isUnread=false'))).toEqual(['Lunch plan']);
    expect(subjects(await search(jun, 'isStarred=true'))).toEqual(['Quarterly REPORT']);
  });

  it('pages and sorts the results', async () => {
    const first = await search(jun, 'sort=subject,asc&size=2&page=0');
    const second = await search(jun, 'sort=subject,asc&size=2&page=1');
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, number: 0 });
    const all = [...first.content, ...second.content].map((m) => m.subject.toLowerCase());
    expect(all).toEqual([...all].sort());
  });

  it('never shows another user’s mail', async () => {
    expect((await search(sora, `keyword=${encodeURIComponent('회의')}`)).totalElements).toBe(1); // her own copy
    expect((await search(sora, 'keyword=report')).totalElements).toBe(0);
    expect((await search(sora, 'from=chris')).totalElements).toBe(0);
    expect((await search(sora, 'startDate=2024-03-01&endDate=2024-03-31')).totalElements).toBe(0);
  });
});
