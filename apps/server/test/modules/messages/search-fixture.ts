import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, MailBySubject, uploadFile, type MailApi } from './mail-api.js';

/**
 * The mail that the search tests look through (search-query.test.ts, search-index.test.ts): Jun's,
 * from four senders, in the inbox, a folder of his and the trash, with dates, flags, attachments and
 * one message of his own with a Bcc.
 */

interface Page {
  content: Array<{ id: number; subject: string; mailboxType: string }>;
  totalElements: number;
}

export const find = (api: MailApi, q: string, extra = '') =>
  api.data<Page>('GET', `/messages/search?size=100&q=${encodeURIComponent(q)}${extra}`);
export const subjects = async (api: MailApi, q: string, extra = '') =>
  (await find(api, q, extra)).content.map((m) => m.subject).sort();

export interface SearchFixture {
  ctx: TestContext;
  jun: MailApi;
  sora: MailApi;
  sent: MailBySubject;
}

export async function openSearchFixture(): Promise<SearchFixture> {
  const ctx = await createTestApp();
  const junSigned = await signIn(ctx.app, 'jun@example.com', 'Jun');
  const jun = mailApi(ctx, junSigned);
  const sent = new MailBySubject(ctx, jun, 'jun@example.com', '/messages/search?q=in%3Aanywhere&size=100');
  const sora = mailApi(ctx, await signIn(ctx.app, 'sora@example.com', 'Sora'));
  const minji = await signIn(ctx.app, 'minji@example.com', '김민지');
  const bob = await signIn(ctx.app, 'bob@example.com', 'Bob Lee');
  const chris = await signIn(ctx.app, 'chris@example.com', 'Chris Kim');

  await sent.deliver(minji, '주간 회의 안내', 'agenda for the week', {
    ccAddresses: ['sora@example.com'],
    attachmentIds: [await uploadFile(ctx, minji, 'agenda.txt', 'agenda')],
  });
  await sent.deliver(bob, 'Lunch plan', '내일 점심에 회의실 앞에서 만나요. Q3 숫자는 42');
  await sent.deliver(chris, 'Quarterly REPORT', 'the numbers are inside; 견적 첨부합니다', {
    attachmentIds: [await uploadFile(ctx, chris, 'budget-2026.txt', 'x'.repeat(30_000))],
  });
  await sent.deliver(minji, '견적서 요청', '돈 문제로 견적 금액을 알려 주세요');
  await sent.deliver(minji, '회의 취소', '오늘 회의는 취소합니다');
  await jun.data('DELETE', `/messages/${sent.ids['회의 취소']}`);
  await jun.data('PATCH', `/messages/${sent.ids['Lunch plan']}/read?isRead=true`);
  await jun.data('PATCH', `/messages/${sent.ids['Quarterly REPORT']}/star?isStarred=true`);
  const folder = await jun.data<{ id: number }>('POST', '/mailboxes', { name: 'Projects' });
  await jun.data('PATCH', `/messages/${sent.ids['견적서 요청']}/move?targetMailboxId=${folder.id}`);
  await sent.receivedAt('주간 회의 안내', new Date(2024, 2, 10, 10, 0));
  await sent.receivedAt('Lunch plan', new Date(2024, 2, 11, 23, 30));
  await sent.receivedAt('Quarterly REPORT', new Date(2024, 2, 12, 0, 10));
  await sent.receivedAt('견적서 요청', new Date(2024, 2, 13, 9, 0));
  // Jun's own sent mail, with a Bcc only his copy knows.
  await jun.data('POST', '/messages', {
    toAddresses: ['bob@example.com'],
    bccAddresses: ['chris@example.com'],
    subject: '출장 일정',
    bodyText: '다음 주 부산 출장',
  });
  return { ctx, jun, sora, sent };
}
