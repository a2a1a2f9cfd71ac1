import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { apiFor, deliver, incoming, rows, type Api } from '../filters/helpers.js';

/**
 * Issue 34: a signature with {{name}} or {{email}} (or a template's {{senderName}}) goes out
 * filled, in everything sent; a literal {{…}} never reaches a recipient. Quotes are left as written.
 */
let ctx: TestContext;
let jun: SignedIn;
let minji: SignedIn;
let junApi: Api;
let minjiApi: Api;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  junApi = apiFor(ctx, jun);
  minjiApi = apiFor(ctx, minji);
});
afterAll(async () => {
  await ctx?.close();
});

type Message = { id: number; subject: string; bodyText: string; bodyHtml: string | null };

/** The newest mail in Minji's inbox, whole. */
async function minjiReads(subject: string): Promise<Message> {
  const page = await minjiApi.data<{ content: { id: number; subject: string }[] }>(
    'GET',
    '/messages?mailboxType=INBOX&size=50',
  );
  const found = page.content.find((m) => m.subject === subject);
  expect(found, subject).toBeDefined();
  return minjiApi.data<Message>('GET', `/messages/${found!.id}`);
}

/** The bytes that left for another domain, as the outbox holds them for the relay. */
async function outboxRaw(recipient: string): Promise<string> {
  const [row] = await rows<{ raw: Buffer | Uint8Array }>(
    ctx,
    sql`SELECT raw FROM outbox WHERE user_id = ${jun.user.id} AND ${recipient} = ANY (recipients)
        ORDER BY id DESC LIMIT 1`,
  );
  expect(row, recipient).toBeDefined();
  return Buffer.from(row!.raw).toString('utf8');
}

/** The text a recipient's mail client shows of the bytes sent. */
async function textOf(raw: string): Promise<string> {
  return (await simpleParser(raw)).text ?? '';
}

describe('signature variables in what is sent', () => {
  it('fills {{name}} and {{email}} of a signature and takes out one without a value, everywhere', async () => {
    const signature = await junApi.data<{ content: string }>('POST', '/signatures', {
      name: '기본',
      content: '{{name}} | {{email}} | {{title}}',
      signatureType: 'PERSONAL',
      isDefault: true,
    });
    expect(signature.content).toContain('{{email}}');
    const subject = `서명 확인 ${Date.now()}`;
    const sent = await junApi.data<Message>('POST', '/messages', {
      toAddresses: ['minji@postline.local', 'partner@outside.example'],
      subject,
      bodyText: `안녕하세요.\n\n${signature.content}`,
    });
    const expected = '안녕하세요.\n\n이준 | jun@postline.local | ';
    expect(sent.bodyText).toBe(expected);
    expect((await minjiReads(subject)).bodyText).toBe(expected);
    const raw = await outboxRaw('partner@outside.example');
    expect(raw).not.toContain('{{');
    expect(await textOf(raw)).toContain('이준 | jun@postline.local');
    const original = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/messages/${sent.id}/original`,
      headers: jun.headers,
    });
    expect(original.statusCode).toBe(200);
    expect(original.body).not.toContain('{{');
  });

  it('fills an HTML body as text, escaped, and leaves a reply’s quoted lines as they were', async () => {
    const named = await signIn(ctx.app, 'kim@postline.local', 'Kim <b>&</b>');
    const subject = `HTML 서명 ${Date.now()}`;
    await apiFor(ctx, named).data('POST', '/messages', {
      toAddresses: ['minji@postline.local'],
      subject,
      bodyText: '본문\n{{name}}',
      bodyHtml: '<p>본문</p><p><a href="mailto:{{email}}">{{name}}</a> {{phone}}</p>',
    });
    const read = await minjiReads(subject);
    expect(read.bodyText).toBe('본문\nKim <b>&</b>');
    expect(read.bodyHtml).toContain('href="mailto:kim@postline.local">Kim &lt;b&gt;&amp;&lt;/b&gt;</a>');
    expect(read.bodyHtml).not.toContain('{{');

    // Minji answers: her own lines are filled, the quote of what she answers stays as written.
    await minjiApi.data('POST', '/messages/reply', {
      originalMessageId: read.id,
      subject,
      bodyText: '고마워요.\n{{name}}\n\n> 본문\n> {{name}}',
    });
    const answer = await apiFor(ctx, named).data<{ content: { id: number; subject: string }[] }>(
      'GET',
      '/messages?mailboxType=INBOX&size=5',
    );
    const reply = await apiFor(ctx, named).data<Message>('GET', `/messages/${answer.content[0]!.id}`);
    expect(reply.bodyText).toBe('고마워요.\n김민지\n\n> 본문\n> {{name}}');
  });

  it('fills a forward’s note and forwards the original as it came', async () => {
    const original = await deliver(
      ctx,
      jun.user.id,
      incoming({ subject: '템플릿 문법 질문', text: 'Handlebars에서 {{user}}는 어떻게 쓰나요?' }),
    );
    const subject = `Fwd: 템플릿 문법 질문`;
    await junApi.data('POST', '/messages/forward', {
      originalMessageId: original.id,
      toAddresses: ['minji@postline.local'],
      subject: '템플릿 문법 질문',
      bodyText: '참고하세요. — {{name}}',
    });
    const read = await minjiReads(subject);
    expect(read.bodyText.startsWith('참고하세요. — 이준\n\n')).toBe(true);
    expect(read.bodyText).toContain('Handlebars에서 {{user}}는 어떻게 쓰나요?');
  });

  it('fills a filter’s template auto reply: {{senderName}} is the user, {{recipientName}} the one answered', async () => {
    const template = await junApi.data<{ id: number }>('POST', '/templates', {
      name: '부재 안내',
      subject: '부재 안내',
      bodyText: '{{recipientName}}님, {{senderName}}은 휴가 중입니다. {{returnDate}}',
    });
    await junApi.data('POST', '/filters', {
      name: '부재중',
      conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: '견적' }],
      actions: [{ actionType: 'AUTO_REPLY', actionValue: `template:${template.id}` }],
    });
    await deliver(
      ctx,
      jun.user.id,
      incoming({ from: { address: 'buyer@partner.example', name: '박구매' }, subject: '견적 요청' }),
    );
    const raw = await outboxRaw('buyer@partner.example');
    expect(raw).not.toContain('{{');
    expect(await textOf(raw)).toContain('박구매님, 이준은 휴가 중입니다. ');
  });
});
