import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { eucKr } from '../../mail/helpers/legacy-korean.js';
import { eventually, messagesOf } from '../../mail/helpers/rows.js';
import { sendMessage } from '../../mail/helpers/smtp-client.js';
import { blobFiles, dispositionFilename } from '../attachments/helpers.js';

let ctx: TestServer;
let jun: SignedIn;
let minji: SignedIn;

const smtpPort = () => ctx.server.smtp?.port ?? 0;

beforeAll(async () => {
  ctx = await createTestServer({ SERVICES: 'smtp' });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
});
afterAll(async () => {
  await ctx?.close();
});

function original(who: SignedIn, id: number, method: 'GET' | 'HEAD' = 'GET') {
  return ctx.app.inject({ method, url: `/api/v1/messages/${id}/original`, headers: who.headers });
}

async function newestId(who: SignedIn, subject: string): Promise<number> {
  const row = await eventually(async () =>
    (await messagesOf(ctx.db.database, who.user.id)).find((m) => m.subject === subject),
  );
  return row.id;
}

describe('show original', () => {
  it('gives the recipient the bytes that arrived over SMTP, under its own Return-Path and Received', async () => {
    // Raw EUC-KR in the body: the original must keep the very bytes, not a decoded copy.
    const body = eucKr('부산 출장 보고서입니다.');
    const message = Buffer.concat([
      Buffer.from(
        'From: Partner <partner@example.com>\r\nTo: jun@postline.local, minji@postline.local\r\n' +
          'Subject: Original please\r\nMessage-ID: <orig-1@example.com>\r\n' +
          'Content-Type: text/plain; charset=euc-kr\r\nContent-Transfer-Encoding: 8bit\r\n\r\n',
        'latin1',
      ),
      body,
      Buffer.from('\r\n', 'latin1'),
    ]);
    const result = await sendMessage(
      smtpPort(),
      { from: 'bounces@example.com', to: ['jun@postline.local', 'minji@postline.local'] },
      message,
    );
    expect(result.final).toMatch(/^250 /);
    const id = await newestId(jun, 'Original please');

    const res = await original(jun, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(dispositionFilename(String(res.headers['content-disposition']))).toBe('Original please.eml');
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('Return-Path: <bounces@example.com>\r\nReceived: from test.example')).toBe(true);
    expect(text).toContain('Subject: Original please\r\n');
    expect(res.rawPayload.includes(body)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const head = await original(jun, id, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(res.headers['content-length']);

    // The second recipient's copy is the same file on disk, not a second one.
    const minjisId = await newestId(minji, 'Original please');
    const minjis = await original(minji, minjisId);
    expect(minjis.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it("refuses the original of another user's message, and of one that does not exist, with the same 404", async () => {
    const id = await newestId(jun, 'Original please');
    const stolen = await original(minji, id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('Original please');
    const missing = await original(minji, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(stolen.json().code).toBe(missing.json().code);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/messages/${id}/original` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the source of sent mail for the sender and the local recipient, with the Korean subject as the file name', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: minji.headers,
      payload: {
        toAddresses: ['jun@postline.local'],
        subject: '분기 보고서',
        bodyText: '첨부 확인 부탁드립니다.',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sentId = Number(res.json().data.id);
    const sent = await original(minji, sentId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(dispositionFilename(String(sent.headers['content-disposition']))).toBe('분기 보고서.eml');
    const text = sent.rawPayload.toString('utf8');
    expect(text).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(text).toContain('From: =?UTF-8?');

    const junsId = await newestId(jun, '분기 보고서');
    const received = await original(jun, junsId);
    expect(received.statusCode).toBe(200);
    expect(received.rawPayload.equals(sent.rawPayload)).toBe(true);
  });

  it("says in the user's language that a draft has no original", async () => {
    const draft = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/messages/drafts',
      headers: { ...jun.headers, 'accept-language': 'en' },
      payload: { subject: 'Unfinished', bodyText: 'later' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/messages/${Number(draft.json().data.id)}/original`,
      headers: { ...jun.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The original source of this message was not kept.');
  });

  it('keeps the source of a message that is not MIME at all, byte for byte', async () => {
    // No header line: stored as text, and the original is exactly what came (bar our trace lines).
    const bytes = Buffer.concat([
      Buffer.from('\u0001\u0002 not a header\r\n', 'latin1'),
      Buffer.from([0xff, 0xfe, 0x0d, 0x0a]),
    ]);
    const result = await sendMessage(
      smtpPort(),
      { from: 'odd@example.com', to: ['jun@postline.local'] },
      bytes,
    );
    expect(result.final).toMatch(/^250 /);
    const row = await eventually(async () =>
      (await messagesOf(ctx.db.database, jun.user.id)).find((m) => m.from_address === 'odd@example.com'),
    );
    const res = await original(jun, row.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.rawPayload;
    expect(body.subarray(body.length - bytes.length).equals(bytes)).toBe(true);
    expect(dispositionFilename(String(res.headers['content-disposition']))).toBe('message.eml');
  });

  it('keeps a small source in its row: no file, and the same bytes back', async () => {
    const before = blobFiles(ctx.config.dataDir).length;
    const message = Buffer.from(
      'From: partner@example.com\r\nTo: jun@postline.local\r\nSubject: Small one\r\n\r\n짧은 메일\r\n',
    );
    const result = await sendMessage(
      smtpPort(),
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      message,
    );
    expect(result.final).toMatch(/^250 /);
    const res = await original(jun, await newestId(jun, 'Small one'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(res.rawPayload.length - message.length).equals(message)).toBe(true);
    expect(blobFiles(ctx.config.dataDir).length).toBe(before);
  });

  it('removes a large source file with the last message that refers to it', async () => {
    const before = blobFiles(ctx.config.dataDir).length;
    // Over INLINE_SOURCE_MAX_BYTES (128 KiB): kept as a file of the blob store.
    const line = `${'긴 본문 '.repeat(12)}\r\n`;
    const result = await sendMessage(
      smtpPort(),
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      Buffer.from(
        `From: partner@example.com\r\nTo: jun@postline.local\r\nSubject: Short-lived\r\n\r\n${line.repeat(1600)}`,
      ),
    );
    expect(result.final).toMatch(/^250 /);
    const id = await newestId(jun, 'Short-lived');
    expect(blobFiles(ctx.config.dataDir).length).toBe(before + 1);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/messages/${id}?permanent=true`,
      headers: jun.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () => blobFiles(ctx.config.dataDir).length === before || undefined);
    expect((await original(jun, id)).statusCode).toBe(404);
  });
});
