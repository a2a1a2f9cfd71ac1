import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { countsMatchRows, mailApi, foldersByType, sendBody, type MailApi } from '../messages/mail-api.js';

let ctx: TestContext;
let minji: MailApi;
let jun: MailApi;
let sora: MailApi;
let hyun: MailApi;
let yuna: MailApi;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const accounts = [
    ['minji@example.com', '김민지'],
    ['jun@example.com', 'Jun'],
    ['sora@example.com', 'Sora'],
    ['hyun@example.com', 'Hyun'],
    ['yuna@example.com', 'Yuna'],
  ] as const;
  const apis: MailApi[] = [];
  for (const [email, name] of accounts) {
    const signed = await signIn(ctx.app, email, name);
    ids[email] = signed.user.id;
    apis.push(mailApi(ctx, signed));
  }
  [minji, jun, sora, hyun, yuna] = apis as [MailApi, MailApi, MailApi, MailApi, MailApi];
});
afterAll(async () => ctx.close());

type Page = {
  content: Array<{ id: number; subject: string; isRead: boolean; threadId: string | null }>;
  totalElements: number;
};
const inboxOf = (api: MailApi) => api.data<Page>('GET', '/messages?mailboxType=INBOX');
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('POST /messages between users of this server', () => {
  it('delivers to To, Cc and Bcc at once, unread and counted, and keeps the sender’s copy in SENT', async () => {
    const sent = await minji.data('POST', '/messages', {
      toAddresses: ['Jun@Example.com'],
      ccAddresses: ['sora@example.com'],
      bccAddresses: ['hyun@example.com', 'yuna@example.com'],
      subject: '주간 회의',
      bodyText: '내일 10시에 회의합니다.\n회의실 A',
    });
    expect(sent).toMatchObject({
      mailboxType: 'SENT',
      isRead: true,
      isDraft: false,
      fromAddress: 'minji@example.com',
      fromName: '김민지',
      from: '김민지 <minji@example.com>',
      toAddresses: ['Jun@Example.com'],
      ccAddresses: ['sora@example.com'],
      bccAddresses: ['hyun@example.com', 'yuna@example.com'],
      bodyText: '내일 10시에 회의합니다.\n회의실 A',
    });
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect(sent.threadId).toBe(sent.messageId);
    expect(sent.sentAt).not.toBeNull();

    for (const api of [jun, sora, hyun, yuna]) {
      const inbox = await inboxOf(api);
      expect(inbox.totalElements).toBe(1);
      expect(inbox.content[0]).toMatchObject({ subject: '주간 회의', isRead: false });
      expect((await foldersByType(api)).INBOX).toMatchObject({ totalCount: 1, unreadCount: 1 });
    }
    expect((await foldersByType(minji)).SENT).toMatchObject({ totalCount: 1, unreadCount: 0 });

    // Nobody sees the Bcc list; a Bcc recipient sees only their own address.
    const junCopy = await jun.data('GET', `/messages/${(await inboxOf(jun)).content[0]!.id}`);
    expect(junCopy.bccAddresses).toEqual([]);
    expect(junCopy.bodyText).toBe('내일 10시에 회의합니다.\n회의실 A');
    expect(junCopy.messageId).toBe(sent.messageId);
    const hyunCopy = await hyun.data('GET', `/messages/${(await inboxOf(hyun)).content[0]!.id}`);
    expect(hyunCopy.bccAddresses).toEqual(['hyun@example.com']);
    await countsMatchRows(ctx, ids['jun@example.com']!);
  });

  it('queues mail for other domains in the outbox, composed once, and not the local recipients', async () => {
    const sent = await jun.data(
      'POST',
      '/messages',
      sendBody(['partner@elsewhere.test', 'minji@example.com'], 'Outside', 'Hello'),
    );
    const queued = rows<{ recipients: string[] | string; raw: Uint8Array; message_id: number }>(
      await ctx.db.database.db.execute(
        sql`SELECT recipients, raw, message_id FROM outbox WHERE user_id = ${ids['jun@example.com']}`,
      ),
    );
    expect(queued).toHaveLength(1);
    expect(String(queued[0]!.recipients)).toContain('partner@elsewhere.test');
    expect(String(queued[0]!.recipients)).not.toContain('minji');
    expect(queued[0]!.message_id).toBe(sent.id);
    const raw = Buffer.from(queued[0]!.raw).toString('utf8');
    expect(raw).toContain(`Message-ID: ${sent.messageId}`);
    expect((await inboxOf(minji)).content[0]!.subject).toBe('Outside');
  });
});

describe('validation of a send (SPEC §5, §8)', () => {
  const cases = [
    {
      body: { subject: 's', bodyText: 'b' },
      ko: '받는 사람을 입력해 주세요.',
      en: 'Enter at least one recipient.',
    },
    {
      body: { toAddresses: [], subject: 's', bodyText: 'b' },
      ko: '받는 사람을 입력해 주세요.',
      en: 'Enter at least one recipient.',
    },
    {
      body: { toAddresses: ['a@b.co'], subject: '   ', bodyText: 'b' },
      ko: '제목을 입력해 주세요.',
      en: 'Enter a subject.',
    },
    {
      body: { toAddresses: ['a@b.co'], subject: 's', bodyText: ' \n ' },
      ko: '내용을 입력해 주세요.',
      en: 'Enter the message body.',
    },
  ];
  for (const { body, ko, en } of cases) {
    it(`answers VALIDATION_ERROR '${en}' in both languages`, async () => {
      const koRes = await minji.call('POST', '/messages', body, 'ko');
      expect(koRes.statusCode).toBe(400);
      expect(koRes.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(koRes.json().message).toContain(ko);
      const enRes = await minji.call('POST', '/messages', body, 'en');
      expect(enRes.json().message).toContain(en);
    });
  }

  it('answers INVALID_EMAIL_ADDRESS naming the bad recipient, in to, cc or bcc', async () => {
    for (const field of ['toAddresses', 'ccAddresses', 'bccAddresses']) {
      const body = {
        toAddresses: ['ok@example.com'],
        subject: 's',
        bodyText: 'b',
        [field]: ['ok@example.com', 'not-an-email'],
      };
      const ko = await minji.call('POST', '/messages', body, 'ko');
      expect(ko.statusCode).toBe(400);
      expect(ko.json()).toMatchObject({
        code: 'INVALID_EMAIL_ADDRESS',
        message: '올바른 이메일 주소가 아닙니다: not-an-email',
      });
      const en = await minji.call('POST', '/messages', body, 'en');
      expect(en.json().message).toBe('That is not a valid e-mail address: not-an-email');
    }
    const forward = await minji.call('POST', '/messages/forward', {
      originalMessageId: 1,
      toAddresses: ['x@'],
      subject: 's',
    });
    expect(forward.json().code).toBe('INVALID_EMAIL_ADDRESS');
  });

  it('stores nothing when a send is refused', async () => {
    const before = await foldersByType(minji);
    await minji.call('POST', '/messages', { toAddresses: ['bad'], subject: 's', bodyText: 'b' });
    expect((await foldersByType(minji)).SENT!.totalCount).toBe(before.SENT!.totalCount);
  });
});

describe('drafts', () => {
  it('needs a subject, with the draft text in ko and en', async () => {
    const ko = await sora.call('POST', '/messages/drafts', { bodyText: 'x' }, 'ko');
    expect(ko.statusCode).toBe(400);
    expect(ko.json().message).toContain('임시 저장하려면 제목을 입력해야 합니다.');
    const en = await sora.call('POST', '/messages/drafts', { subject: ' ' }, 'en');
    expect(en.json().message).toContain('Enter a subject to save a draft.');
  });

  it('creates, updates in place (POST with draftId and PUT) and sends a draft, which then leaves DRAFTS', async () => {
    const draft = await sora.data('POST', '/messages/drafts', {
      subject: '초안',
      bodyText: '',
      toAddresses: [],
    });
    expect(draft).toMatchObject({ isDraft: true, mailboxType: 'DRAFTS', subject: '초안', isRead: true });
    expect((await foldersByType(sora)).DRAFTS).toMatchObject({ totalCount: 1, unreadCount: 0 });

    const viaPost = await sora.data('POST', '/messages/drafts', {
      draftId: draft.id,
      subject: '초안 2',
      toAddresses: ['jun@example.com'],
    });
    expect(viaPost).toMatchObject({ id: draft.id, subject: '초안 2', toAddresses: ['jun@example.com'] });
    const viaPut = await sora.data('PUT', `/messages/drafts/${draft.id}`, {
      subject: '최종 초안',
      toAddresses: ['jun@example.com'],
      bodyText: '본문입니다',
    });
    expect(viaPut).toMatchObject({ id: draft.id, subject: '최종 초안', bodyText: '본문입니다' });
    expect((await foldersByType(sora)).DRAFTS!.totalCount).toBe(1);

    const junBefore = (await inboxOf(jun)).totalElements;
    const sent = await sora.data('POST', '/messages', {
      draftId: draft.id,
      toAddresses: ['jun@example.com'],
      subject: '최종 초안',
      bodyText: '본문입니다',
    });
    expect(sent.mailboxType).toBe('SENT');
    expect((await sora.call('GET', `/messages/${draft.id}`)).statusCode).toBe(404);
    expect((await foldersByType(sora)).DRAFTS!.totalCount).toBe(0);
    expect((await inboxOf(jun)).totalElements).toBe(junBefore + 1);
    await countsMatchRows(ctx, ids['sora@example.com']!);
  });

  it('answers 404 for a draft id that is not a draft of this user', async () => {
    const theirs = await jun.data('POST', '/messages/drafts', { subject: 'Jun’s draft' });
    const put = await sora.call('PUT', `/messages/drafts/${theirs.id}`, { subject: 'taken' });
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe('MAIL_NOT_FOUND');
    const send = await sora.call('POST', '/messages', {
      draftId: theirs.id,
      toAddresses: ['a@b.co'],
      subject: 's',
      bodyText: 'b',
    });
    expect(send.statusCode).toBe(404);
    expect((await jun.data('GET', `/messages/${theirs.id}`)).subject).toBe('Jun’s draft');
    const received = (await inboxOf(sora)).content[0]!;
    expect(
      (await sora.call('PUT', `/messages/drafts/${received.id}`, { subject: 'not a draft' })).statusCode,
    ).toBe(404);
  });
});
