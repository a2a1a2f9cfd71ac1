import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, sendBody, uploadFile, type MailApi } from '../messages/mail-api.js';

let ctx: TestContext;
let minji: MailApi;
let jun: MailApi;
let sora: MailApi;
let yuna: MailApi;
const people: Record<string, SignedIn> = {};

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
    people[email] = signed;
    apis.push(mailApi(ctx, signed));
  }
  [minji, jun, sora, , yuna] = apis as [MailApi, MailApi, MailApi, MailApi, MailApi];
});
afterAll(async () => ctx.close());

type Page = {
  content: Array<{ id: number; subject: string; isRead: boolean; threadId: string | null }>;
  totalElements: number;
};
const inboxOf = (api: MailApi) => api.data<Page>('GET', '/messages?mailboxType=INBOX');

describe('reply and reply-all', () => {
  it('goes to the recipients the dialog sent, when the user changed them', async () => {
    await minji.data('POST', '/messages', {
      ...sendBody(['jun@example.com', 'sora@example.com'], '회식 장소', '어디가 좋을까요?'),
      ccAddresses: ['yuna@example.com'],
    });
    const junCopy = (await inboxOf(jun)).content.find((m) => m.subject === '회식 장소')!;
    const reply = await jun.data('POST', '/messages/reply-all', {
      originalMessageId: junCopy.id,
      toAddresses: ['minji@example.com'],
      ccAddresses: ['hyun@example.com'],
      subject: '회식 장소',
      bodyText: '강남역 어떠세요?',
    });
    expect(reply).toMatchObject({ toAddresses: ['minji@example.com'], ccAddresses: ['hyun@example.com'] });
    // Sora was taken off the chips: she does not get it.
    expect((await inboxOf(sora)).content.some((m) => m.subject === 'Re: 회식 장소')).toBe(false);
    expect((await inboxOf(yuna)).content.some((m) => m.subject === 'Re: 회식 장소')).toBe(false);
  });

  it('threads the reply (In-Reply-To, References, thread) and adds "Re: " only when missing', async () => {
    const original = await minji.data(
      'POST',
      '/messages',
      sendBody(['jun@example.com'], '프로젝트 일정', '확인 부탁드려요'),
    );
    const junCopy = (await inboxOf(jun)).content.find((m) => m.subject === '프로젝트 일정')!;
    const reply = await jun.data('POST', '/messages/reply', {
      originalMessageId: junCopy.id,
      subject: '프로젝트 일정',
      bodyText: '확인했습니다',
    });
    expect(reply).toMatchObject({
      subject: 'Re: 프로젝트 일정',
      toAddresses: ['minji@example.com'],
      inReplyTo: original.messageId,
      references: [original.messageId],
      threadId: original.messageId,
    });
    const minjiCopy = (await inboxOf(minji)).content.find((m) => m.subject === 'Re: 프로젝트 일정')!;
    expect(minjiCopy.threadId).toBe(original.threadId);

    const second = await minji.data('POST', '/messages/reply', {
      originalMessageId: minjiCopy.id,
      subject: 'Re: 프로젝트 일정',
      bodyText: '감사합니다',
    });
    expect(second.subject).toBe('Re: 프로젝트 일정');
    expect(second.references).toEqual([original.messageId, reply.messageId]);
    expect(second.threadId).toBe(original.messageId);
  });

  for (const [typed, expected] of [
    ['RE: 견적', 'RE: 견적'],
    ['re:견적', 're:견적'],
    ['회신: 견적', '회신: 견적'],
    ['Fwd: 견적', 'Re: Fwd: 견적'],
    ['Reply guide', 'Re: Reply guide'],
  ]) {
    it(`keeps or adds the prefix: '${typed}' -> '${expected}'`, async () => {
      const inbox = await inboxOf(jun);
      const reply = await jun.data('POST', '/messages/reply', {
        originalMessageId: inbox.content[0]!.id,
        subject: typed,
        bodyText: 'ok',
      });
      expect(reply.subject).toBe(expected);
    });
  }

  it('reply-all goes to everyone on the original but me, once each, whatever the case', async () => {
    await minji.data('POST', '/messages', {
      toAddresses: ['JUN@example.com', 'sora@example.com', 'MINJI@example.com'],
      ccAddresses: ['hyun@example.com', 'Sora@Example.com', 'jun@EXAMPLE.com'],
      subject: '전체 공지',
      bodyText: '모두 확인해 주세요',
    });
    const copy = (await inboxOf(jun)).content.find((m) => m.subject === '전체 공지')!;
    const all = await jun.data('POST', '/messages/reply-all', {
      originalMessageId: copy.id,
      subject: '전체 공지',
      bodyText: '네',
    });
    expect(all.toAddresses).toEqual(['minji@example.com', 'sora@example.com']);
    expect(all.ccAddresses).toEqual(['hyun@example.com']);
    expect(all.subject).toBe('Re: 전체 공지');

    const one = await jun.data('POST', '/messages/reply', {
      originalMessageId: copy.id,
      subject: '전체 공지',
      bodyText: '네',
    });
    expect(one.toAddresses).toEqual(['minji@example.com']);
    expect(one.ccAddresses).toEqual([]);
  });

  it('a reply to mail I sent goes to its recipients', async () => {
    const mine = await yuna.data('POST', '/messages', sendBody(['hyun@example.com'], 'Follow up', 'first'));
    const again = await yuna.data('POST', '/messages/reply', {
      originalMessageId: mine.id,
      subject: 'Follow up',
      bodyText: 'second',
    });
    expect(again.toAddresses).toEqual(['hyun@example.com']);
  });

  it('needs a subject and a body', async () => {
    const inbox = await inboxOf(jun);
    const en = await jun.call(
      'POST',
      '/messages/reply',
      { originalMessageId: inbox.content[0]!.id, subject: 'x', bodyText: '  ' },
      'en',
    );
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('Enter the message body.');
    const ko = await jun.call(
      'POST',
      '/messages/reply-all',
      { originalMessageId: inbox.content[0]!.id, subject: '', bodyText: 'x' },
      'ko',
    );
    expect(ko.json().message).toContain('제목을 입력해 주세요.');
  });
});

describe('forward', () => {
  it('quotes the original under a header block in the user’s language and adds "Fwd: "', async () => {
    await minji.data('POST', '/messages', {
      toAddresses: ['jun@example.com'],
      ccAddresses: ['hyun@example.com'],
      subject: '계약서',
      bodyText: '원문 내용',
    });
    const copy = (await inboxOf(jun)).content.find((m) => m.subject === '계약서')!;
    const en = await jun.call(
      'POST',
      '/messages/forward',
      { originalMessageId: copy.id, toAddresses: ['sora@example.com'], subject: '계약서', bodyText: 'FYI' },
      'en',
    );
    expect(en.statusCode).toBe(200);
    const forwarded = en.json().data;
    expect(forwarded.subject).toBe('Fwd: 계약서');
    const lines = forwarded.bodyText.split('\n');
    expect(lines[0]).toBe('FYI');
    expect(lines).toContain('---------- Forwarded message ---------');
    expect(lines).toContain('From: 김민지 <minji@example.com>');
    expect(lines).toContain('Subject: 계약서');
    expect(lines).toContain('To: jun@example.com');
    expect(lines).toContain('Cc: hyun@example.com');
    expect(lines.some((l: string) => l.startsWith('Date: '))).toBe(true);
    expect(lines.at(-1)).toBe('원문 내용');
    const soraCopy = (await inboxOf(sora)).content.find((m) => m.subject === 'Fwd: 계약서')!;
    expect((await sora.data('GET', `/messages/${soraCopy.id}`)).bodyText).toBe(forwarded.bodyText);

    const ko = await jun.data('POST', '/messages/forward', {
      originalMessageId: copy.id,
      toAddresses: ['sora@example.com'],
      subject: 'FW: 계약서',
    });
    expect(ko.subject).toBe('FW: 계약서');
    expect(
      ko.bodyText.startsWith(
        '---------- 전달된 메시지 ---------\n보낸사람: 김민지 <minji@example.com>\n날짜: ',
      ),
    ).toBe(true);
    expect(ko.bodyText).toContain(
      '\n제목: 계약서\n받는사람: jun@example.com\n참조: hyun@example.com\n\n원문 내용',
    );
    const kept = await jun.data('POST', '/messages/forward', {
      originalMessageId: copy.id,
      toAddresses: ['sora@example.com'],
      subject: '전달: 계약서',
    });
    expect(kept.subject).toBe('전달: 계약서');
  });

  it('keeps the original’s attachments in the forward', async () => {
    const fileId = await uploadFile(ctx, people['minji@example.com']!, '견적서.txt', 'price list');
    await minji.data(
      'POST',
      '/messages',
      sendBody(['jun@example.com'], '첨부 있음', '파일 확인', { attachmentIds: [fileId] }),
    );
    const copy = (await inboxOf(jun)).content.find((m) => m.subject === '첨부 있음')!;
    const forwarded = await jun.data('POST', '/messages/forward', {
      originalMessageId: copy.id,
      toAddresses: ['sora@example.com'],
      subject: '첨부 있음',
    });
    expect(forwarded).toMatchObject({ hasAttachments: true, attachmentCount: 1 });
    expect(forwarded.attachments.map((a: { originalFilename: string }) => a.originalFilename)).toEqual([
      '견적서.txt',
    ]);
    const soraCopy = (await inboxOf(sora)).content.find((m) => m.subject === 'Fwd: 첨부 있음')!;
    const full = await sora.data('GET', `/messages/${soraCopy.id}`);
    expect(full).toMatchObject({ hasAttachments: true, attachmentCount: 1 });
    expect(full.attachmentIds).toHaveLength(1);
    expect(full.attachments[0].originalFilename).toBe('견적서.txt');
    // The original keeps its own file.
    expect((await jun.data('GET', `/messages/${copy.id}`)).attachments).toHaveLength(1);

    const without = await jun.data('POST', '/messages/forward', {
      originalMessageId: copy.id,
      toAddresses: ['sora@example.com'],
      subject: 'no files',
      includeOriginalAttachments: false,
    });
    expect(without.hasAttachments).toBe(false);
  });

  it('needs at least one recipient and a subject', async () => {
    const copy = (await inboxOf(jun)).content[0]!;
    const noTo = await jun.call(
      'POST',
      '/messages/forward',
      { originalMessageId: copy.id, toAddresses: [], subject: 's' },
      'en',
    );
    expect(noTo.statusCode).toBe(400);
    expect(noTo.json().message).toContain('Enter at least one recipient.');
    const noSubject = await jun.call(
      'POST',
      '/messages/forward',
      { originalMessageId: copy.id, toAddresses: ['a@b.co'], subject: '' },
      'en',
    );
    expect(noSubject.json().message).toContain('Enter a subject.');
  });
});
