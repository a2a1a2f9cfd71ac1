import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@postline/shared/time-zones';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { sendMessage } from '../../mail/helpers/smtp-client.js';
import { apiFor, rows, type Api } from '../filters/helpers.js';

/*
 * The away reply (issue 37) through HTTP and SMTP on a real database: mail arrives over SMTP, the
 * answers to other domains wait in the outbox (this server runs no outbox worker), an answer to a
 * user here lands in their inbox. Delivery answers before its 250, so what is in the outbox after a
 * send is all there will be.
 */
let ctx: TestServer;
let jun: SignedIn;
let minji: SignedIn;
let api: Api;
let minjiApi: Api;

const smtpPort = () => ctx.server.smtp?.port ?? 0;
const ZONE = 'Asia/Seoul';
const day = (offsetDays: number) => dayInZone(new Date(Date.now() + offsetDays * 86_400_000), ZONE);

beforeAll(async () => {
  ctx = await createTestServer({ SERVICES: 'smtp' });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  api = apiFor(ctx, jun);
  minjiApi = apiFor(ctx, minji);
});
afterAll(async () => {
  await ctx?.close();
});

const away = {
  enabled: true,
  firstDay: null,
  lastDay: null,
  timeZone: ZONE,
  subject: '부재 중입니다',
  body: '12월 5일까지 휴가입니다.\n급한 일은 민지에게 연락해 주세요.',
  includeSignature: true,
  contactsOnly: false,
  intervalDays: 4,
};

/** Mail to jun over SMTP; `head` replaces the To line and adds headers. */
async function mailJun(from: string, subject: string, head = 'To: jun@postline.local\r\n') {
  const raw = Buffer.from(
    `From: ${from}\r\n${head}Subject: ${subject}\r\nMessage-ID: <${crypto.randomUUID()}@sender.example>\r\n` +
      `Date: ${new Date().toUTCString()}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n안녕하세요.\r\n`,
  );
  const envelope = from.replace(/^.*<|>.*$/g, '');
  const result = await sendMessage(smtpPort(), { from: envelope, to: ['jun@postline.local'] }, raw);
  expect(result.final).toMatch(/^250 /);
}

/** The answers waiting in the outbox for this address, as raw text. */
async function answersTo(address: string): Promise<string[]> {
  const list = await rows<{ recipients: string[] | string; raw: Buffer | Uint8Array }>(
    ctx,
    sql`SELECT recipients, raw FROM outbox WHERE user_id = ${jun.user.id} ORDER BY id`,
  );
  return list
    .filter((r) => String(r.recipients).includes(address))
    .map((r) => Buffer.from(r.raw).toString('utf8'));
}

describe('the away reply', () => {
  it('is off until saved, and a save with wrong days or no texts is refused in the reader language', async () => {
    expect(await api.data('GET', '/away-reply')).toMatchObject({
      enabled: false,
      intervalDays: 4,
      subject: '',
    });
    const backwards = await api.call('PUT', '/away-reply', { ...away, firstDay: day(3), lastDay: day(1) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('마지막 날은 첫날과 같거나 그 뒤여야 합니다.');
    const empty = await api.call('PUT', '/away-reply', { ...away, subject: ' ' }, 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter a subject.');
    const tooOften = await api.call('PUT', '/away-reply', { ...away, intervalDays: 0 }, 'en');
    expect(tooOften.body).toContain('Answering the same person again must wait 1 to 30 days.');
    expect((await api.data('GET', '/away-reply')).enabled).toBe(false);
  });

  it('answers a person who writes twice once, with the signature, threaded and marked auto-replied', async () => {
    await api.data('POST', '/signatures', {
      name: '기본',
      content: '<p>이준 드림<br>{{email}}</p>',
      signatureType: 'PERSONAL',
      isDefault: true,
    });
    expect(await api.data('PUT', '/away-reply', away)).toMatchObject({ enabled: true, timeZone: ZONE });
    await mailJun('Sujin <sujin@partner.example>', '견적 문의');
    await mailJun('Sujin <sujin@partner.example>', '견적 문의 (다시)');
    const answers = await answersTo('sujin@partner.example');
    expect(answers).toHaveLength(1);
    const answer = answers[0]!;
    expect(answer).toMatch(/^Auto-Submitted: auto-replied$/im);
    expect(answer).toMatch(/^In-Reply-To: <.+@sender\.example>$/im);
    expect(answer).toMatch(/^To: Sujin <sujin@partner\.example>$/im);
    const read = await simpleParser(answer);
    expect(read.subject).toBe('부재 중입니다');
    expect(read.text).toBe(
      '12월 5일까지 휴가입니다.\n급한 일은 민지에게 연락해 주세요.\n\n-- \n이준 드림\njun@postline.local',
    );
    expect(read.html).toContain('12월 5일까지 휴가입니다.<br>급한 일은 민지에게 연락해 주세요.');
  });

  it('never answers a list, bulk or automatic mail, a no-reply address, a Bcc or oneself', async () => {
    await mailJun(
      'News <news@list.example>',
      '뉴스',
      'To: members@list.example\r\nList-Id: <members.list.example>\r\n',
    );
    await mailJun('Shop <shop@bulk.example>', '세일', 'To: jun@postline.local\r\nPrecedence: bulk\r\n');
    await mailJun(
      'Bot <bot@auto.example>',
      '자동',
      'To: jun@postline.local\r\nAuto-Submitted: auto-generated\r\n',
    );
    await mailJun('No Reply <no-reply@service.example>', '알림');
    await mailJun('Friend <friend@hidden.example>', '숨은 참조', 'To: someone@hidden.example\r\n');
    await mailJun('이준 <jun@postline.local>', '나에게');
    for (const address of [
      'news@list.example',
      'shop@bulk.example',
      'bot@auto.example',
      'no-reply@service.example',
      'friend@hidden.example',
    ]) {
      expect(await answersTo(address), address).toEqual([]);
    }
    const toSelf = await rows(
      ctx,
      sql`SELECT 1 FROM messages WHERE user_id = ${jun.user.id} AND subject = '부재 중입니다'`,
    );
    expect(toSelf).toEqual([]);
  });

  it('answers only on its days, in its zone, and a new save answers a person again', async () => {
    await api.data('PUT', '/away-reply', { ...away, firstDay: day(1), lastDay: day(5) });
    await mailJun('Early <early@days.example>', '미리');
    expect(await answersTo('early@days.example')).toEqual([]);
    await api.data('PUT', '/away-reply', { ...away, firstDay: day(-5), lastDay: day(-1) });
    await mailJun('Late <late@days.example>', '늦게');
    expect(await answersTo('late@days.example')).toEqual([]);
    await api.data('PUT', '/away-reply', { ...away, firstDay: day(0), lastDay: day(0) });
    await mailJun('Today <today@days.example>', '오늘');
    expect(await answersTo('today@days.example')).toHaveLength(1);
    // sujin was answered before this save: a new away reply answers her again, once.
    await mailJun('Sujin <sujin@partner.example>', '견적 문의 (세 번째)');
    await mailJun('Sujin <sujin@partner.example>', '견적 문의 (네 번째)');
    expect(await answersTo('sujin@partner.example')).toHaveLength(2);
  });

  it('with contactsOnly answers only contacts; a user here finds the answer in the inbox', async () => {
    await api.data('POST', '/contacts', { name: '김민지', addresses: ['minji@postline.local'] });
    await api.data('PUT', '/away-reply', { ...away, contactsOnly: true });
    await mailJun('Stranger <stranger@unknown.example>', '처음 연락드립니다');
    expect(await answersTo('stranger@unknown.example')).toEqual([]);
    await mailJun('김민지 <minji@postline.local>', '회의 자료');
    const inbox = await minjiApi.data('GET', '/messages?mailboxType=INBOX&size=50');
    const answer = inbox.content.find((m: { subject: string }) => m.subject === '부재 중입니다');
    expect(answer).toBeTruthy();
    expect(answer.fromAddress).toBe('jun@postline.local');
    // minji's own away reply is hers alone: off.
    expect((await minjiApi.data('GET', '/away-reply')).enabled).toBe(false);
  });

  it('turned off, answers no one', async () => {
    await api.data('PUT', '/away-reply', { ...away, enabled: false });
    await mailJun('Later <later@off.example>', '꺼진 뒤');
    expect(await answersTo('later@off.example')).toEqual([]);
  });
});
