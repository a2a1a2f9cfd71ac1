import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { countsMatchRows, mailApi, foldersByType, uploadFile, type MailApi } from '../messages/mail-api.js';

/*
 * Issue 34: a draft remembers what it is written as (a reply, a forward) and which signature it
 * holds; it is updated in place, never duplicated, and sending the reply or forward removes it.
 */

let ctx: TestContext;
let minji: MailApi;
let jun: MailApi;
let junSigned: SignedIn;
let junId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', '김민지'));
  junSigned = await signIn(ctx.app, 'jun@example.com', 'Jun');
  junId = junSigned.user.id;
  jun = mailApi(ctx, junSigned);
});
afterAll(async () => ctx.close());

type Page = { content: Array<{ id: number; subject: string }>; totalElements: number };

/** Minji writes to Jun; answers the id of Jun's copy. */
async function mailToJun(subject: string): Promise<number> {
  await minji.data('POST', '/messages', { toAddresses: ['jun@example.com'], subject, bodyText: '본문' });
  const inbox = await jun.data<Page>('GET', '/messages?mailboxType=INBOX&size=100');
  return inbox.content.find((message) => message.subject === subject)!.id;
}

/** POST /signatures answers 201 Created. */
async function newSignature(api: MailApi, body: { name: string; content: string }): Promise<{ id: number }> {
  const res = await api.call('POST', '/signatures', body);
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const draftsOf = (api: MailApi) => api.data<Page>('GET', '/messages?mailboxType=DRAFTS&size=100');

describe('a reply draft', () => {
  it('remembers the message it answers and its signature, updated in place, listed under that message', async () => {
    const original = await mailToJun('분기 보고');
    const signature = await newSignature(jun, { name: '준', content: '<p>Jun<br>Postline</p>' });
    const context = {
      kind: 'REPLY',
      originalMessageId: original,
      signatureId: signature.id,
      signatureText: 'Jun\nPostline',
    };
    const first = await jun.data('POST', '/messages/drafts', {
      toAddresses: ['minji@example.com'],
      subject: 'Re: 분기 보고',
      bodyText: '확인했습니다.\n\nJun\nPostline',
      context,
    });
    const again = await jun.data('PUT', `/messages/drafts/${first.id}`, {
      toAddresses: ['minji@example.com'],
      subject: 'Re: 분기 보고',
      bodyText: '확인했습니다. 내일 드릴게요.\n\nJun\nPostline',
    });
    expect(again.id).toBe(first.id);
    expect((await draftsOf(jun)).totalElements).toBe(1);

    // An update without a context keeps the one it had.
    const read = await jun.data('GET', `/messages/drafts/${first.id}`);
    expect(read.message.bodyText).toBe('확인했습니다. 내일 드릴게요.\n\nJun\nPostline');
    expect(read.context).toEqual(context);
    expect(await jun.data('GET', `/messages/${original}/drafts`)).toEqual([
      expect.objectContaining({ id: first.id, kind: 'REPLY', subject: 'Re: 분기 보고' }),
    ]);

    // Another signature chosen: the draft holds that one only.
    const other = await newSignature(jun, { name: '짧게', content: '<p>J</p>' });
    await jun.data('PUT', `/messages/drafts/${first.id}`, {
      toAddresses: ['minji@example.com'],
      subject: 'Re: 분기 보고',
      bodyText: '확인했습니다.\n\nJ',
      context: { ...context, signatureId: other.id, signatureText: 'J' },
    });
    expect((await jun.data('GET', `/messages/drafts/${first.id}`)).context).toMatchObject({
      signatureId: other.id,
      signatureText: 'J',
    });

    // Sent as a reply with its draft: threaded on the original, and the draft is gone.
    const sent = await jun.data('POST', '/messages/reply', {
      originalMessageId: original,
      toAddresses: ['minji@example.com'],
      subject: 'Re: 분기 보고',
      bodyText: '확인했습니다.\n\nJ',
      draftId: first.id,
    });
    expect(sent.mailboxType).toBe('SENT');
    expect(sent.inReplyTo).not.toBeNull();
    expect((await draftsOf(jun)).totalElements).toBe(0);
    expect(await jun.data('GET', `/messages/${original}/drafts`)).toEqual([]);
    expect((await jun.call('GET', `/messages/drafts/${first.id}`)).statusCode).toBe(404);
    expect((await foldersByType(jun)).DRAFTS).toMatchObject({ totalCount: 0 });
    await countsMatchRows(ctx, junId);
  });

  it('reply all keeps Bcc, and a forward draft with a file is sent with it and removed', async () => {
    const original = await mailToJun('견적서');
    const file = await uploadFile(ctx, junSigned, 'note.txt', '메모');
    const draft = await jun.data('POST', '/messages/drafts', {
      toAddresses: ['minji@example.com'],
      subject: 'Fwd: 견적서',
      bodyText: '참고하세요.',
      attachmentIds: [file],
      context: { kind: 'FORWARD', originalMessageId: original },
    });
    expect((await jun.data('GET', `/messages/drafts/${draft.id}`)).context).toEqual({
      kind: 'FORWARD',
      originalMessageId: original,
      signatureId: null,
      signatureText: null,
    });
    const sent = await jun.data('POST', '/messages/forward', {
      originalMessageId: original,
      toAddresses: ['minji@example.com'],
      subject: 'Fwd: 견적서',
      bodyText: '참고하세요.',
      attachmentIds: [file],
      draftId: draft.id,
    });
    expect(sent.attachments.map((a: { originalFilename: string }) => a.originalFilename)).toContain(
      'note.txt',
    );
    expect((await draftsOf(jun)).totalElements).toBe(0);

    const replyAll = await jun.data('POST', '/messages/reply-all', {
      originalMessageId: original,
      toAddresses: ['minji@example.com'],
      bccAddresses: ['sora@example.com'],
      subject: 'Re: 견적서',
      bodyText: '받았습니다.',
    });
    expect(replyAll.bccAddresses).toEqual(['sora@example.com']);
    await countsMatchRows(ctx, junId);
  });
});

describe('what a draft may remember', () => {
  it('a draft saved without a context reads as a new mail', async () => {
    const draft = await jun.data('POST', '/messages/drafts', { subject: '메모', bodyText: '' });
    expect((await jun.data('GET', `/messages/drafts/${draft.id}`)).context).toEqual({
      kind: 'NEW',
      originalMessageId: null,
      signatureId: null,
      signatureText: null,
    });
  });

  it("refuses someone else's message or signature as not found, and a reply without its message", async () => {
    const minjiSent = await minji.data('POST', '/messages', {
      toAddresses: ['minji@example.com'],
      subject: '내 메일',
      bodyText: '본문',
    });
    const minjiSignature = await newSignature(minji, { name: '민지', content: '<p>민지</p>' });
    const base = { subject: 'Re: 내 메일', bodyText: '' };
    const foreignMessage = await jun.call('POST', '/messages/drafts', {
      ...base,
      context: { kind: 'REPLY', originalMessageId: minjiSent.id },
    });
    expect(foreignMessage.statusCode).toBe(404);
    expect(foreignMessage.json()).toMatchObject({ success: false, code: 'MAIL_NOT_FOUND' });
    const foreignSignature = await jun.call('POST', '/messages/drafts', {
      ...base,
      context: { kind: 'NEW', signatureId: minjiSignature.id, signatureText: '민지' },
    });
    expect(foreignSignature.statusCode).toBe(404);
    expect(foreignSignature.json()).toMatchObject({ code: 'SIGNATURE_NOT_FOUND' });
    const noOriginal = await jun.call('POST', '/messages/drafts', { ...base, context: { kind: 'REPLY' } });
    expect(noOriginal.statusCode).toBe(400);
    expect(noOriginal.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    // Nothing was half saved.
    expect(
      (await jun.data<Page>('GET', '/messages?mailboxType=DRAFTS')).content.map((m) => m.subject),
    ).not.toContain('Re: 내 메일');
    expect((await jun.call('GET', `/messages/${minjiSent.id}/drafts`)).statusCode).toBe(404);
  });

  it('a deleted signature is no longer held; a deleted original leaves the draft as it was written', async () => {
    const original = await mailToJun('삭제될 메일');
    const signature = await newSignature(jun, { name: '임시', content: '<p>임시</p>' });
    const draft = await jun.data('POST', '/messages/drafts', {
      subject: 'Re: 삭제될 메일',
      bodyText: '\n\n임시',
      context: {
        kind: 'REPLY',
        originalMessageId: original,
        signatureId: signature.id,
        signatureText: '임시',
      },
    });
    await jun.data('DELETE', `/signatures/${signature.id}`);
    await jun.data('DELETE', `/messages/${original}?permanent=true`);
    const read = await jun.data('GET', `/messages/drafts/${draft.id}`);
    expect(read.context).toEqual({
      kind: 'REPLY',
      originalMessageId: null,
      signatureId: null,
      signatureText: null,
    });
    expect(read.message.bodyText).toBe('\n\n임시');
  });
});
