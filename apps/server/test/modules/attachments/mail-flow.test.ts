// Over 300 lines on purpose: files through mail's whole path (received, sent, forwarded, drafts),
// one fixture set of senders and uploads read as one story.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverToRecipient } from '../../../src/mail/pipeline/deliver.js';
import { parseIncoming } from '../../../src/mail/format/incoming-mime.js';
import {
  copyAttachments,
  presentAttachmentsForMessages,
  sweepReleasedBlobs,
} from '../../../src/modules/attachments/service.js';
import { FileBlobStore } from '../../../src/storage/blob-store.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { blobFiles, blobPath, dispositionFilename, pdfBytes, PNG_1X1, sha256, upload } from './helpers.js';

let ctx: TestContext;
let minji: SignedIn;
let jun: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  jun = await signIn(ctx.app, 'jun@postline.local', 'Jun');
});
afterAll(async () => ctx.close());

interface AttachmentDto {
  id: number;
  originalFilename: string;
  contentType: string;
  sizeBytes: number;
  contentId: string | null;
  isInline: boolean;
  messageId: number | null;
}

async function messageFiles(who: SignedIn, messageId: number): Promise<AttachmentDto[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/attachments/message/${messageId}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function downloadBytes(who: SignedIn, id: number): Promise<Buffer> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/attachments/${id}/download`,
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function inboxOf(
  who: SignedIn,
): Promise<Array<{ id: number; subject: string; hasAttachments: boolean; attachmentCount: number }>> {
  const result = await ctx.db.database.db.execute(sql`
    SELECT m.id, m.subject, m.has_attachments AS "hasAttachments", m.attachment_count AS "attachmentCount"
      FROM messages m JOIN mailboxes b ON b.id = m.mailbox_id
     WHERE m.user_id = ${who.user.id} AND b.type = 'INBOX' ORDER BY m.id DESC`);
  return (
    result as unknown as {
      rows: Array<{ id: number; subject: string; hasAttachments: boolean; attachmentCount: number }>;
    }
  ).rows;
}

const CRLF = '\r\n';
function inboundMime(): Buffer {
  const pdf = pdfBytes(4000)
    .toString('base64')
    .replace(/(.{76})/g, `$1${CRLF}`);
  const png = PNG_1X1.toString('base64');
  return Buffer.from(
    [
      'From: Partner <partner@elsewhere.example>',
      'To: jun@postline.local',
      'Subject: =?UTF-8?B?7ZqM7J2YIOyekOujjA==?=',
      'Message-ID: <inbound-1@elsewhere.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/related; boundary="rel"',
      '',
      '--rel',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>see <img src="cid:logo@partner"></p>',
      '--rel',
      'Content-Type: image/png',
      'Content-Transfer-Encoding: base64',
      'Content-ID: <logo@partner>',
      'Content-Disposition: inline; filename="logo.png"',
      '',
      png,
      '--rel--',
      '--outer',
      'Content-Type: application/pdf',
      'Content-Transfer-Encoding: base64',
      "Content-Disposition: attachment; filename*=UTF-8''%EA%B2%AC%EC%A0%81%EC%84%9C.pdf",
      '',
      pdf,
      '--outer',
      'Content-Type: text/html; name="=?UTF-8?B?7JWI64K0Lmh0bWw=?="',
      'Content-Disposition: attachment; filename="=?UTF-8?B?7JWI64K0Lmh0bWw=?="',
      '',
      '<script>alert(1)</script>',
      '--outer--',
      '',
    ].join(CRLF),
  );
}

describe('inbound mail', () => {
  it('stores MIME attachments with RFC 2231 and RFC 2047 names and inline images, all listed and downloadable', async () => {
    const raw = inboundMime();
    const mail = await parseIncoming(raw, raw.length);
    const delivered = await deliverToRecipient(ctx.app.delivery, jun.user.id, mail);
    const files = await messageFiles(jun, delivered.id);
    expect(files.map((f) => [f.originalFilename, f.isInline, f.contentId])).toEqual([
      ['logo.png', true, 'logo@partner'],
      ['견적서.pdf', false, null],
      ['안내.html', false, null],
    ]);
    expect(files[1]!.contentType).toBe('application/pdf');
    expect(await downloadBytes(jun, files[0]!.id)).toEqual(PNG_1X1);

    // An HTML attachment from outside never comes back as HTML.
    const html = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/attachments/${files[2]!.id}/download`,
      headers: jun.headers,
    });
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(dispositionFilename(String(html.headers['content-disposition']))).toBe('안내.html');

    // The paperclip counts the files a reader sees, not the inline logo.
    const [row] = await inboxOf(jun);
    expect(row).toMatchObject({ id: delivered.id, hasAttachments: true, attachmentCount: 2 });
  });

  it('lets nobody delete the files of delivered mail on their own', async () => {
    const [row] = await inboxOf(jun);
    const [file] = await messageFiles(jun, row!.id);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/attachments/${file!.id}`,
      headers: { ...jun.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cannot be deleted on their own/);
  });
});

async function send(who: SignedIn, body: Record<string, unknown>, url = '/api/v1/messages') {
  const res = await ctx.app.inject({ method: 'POST', url, headers: who.headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    attachments: AttachmentDto[];
    attachmentIds: number[];
    attachmentCount: number;
  };
}

describe('sending, forwarding, drafts', () => {
  it('sends uploads along: the sender keeps them on the SENT copy, the recipient gets the same bytes and names', async () => {
    const pdf = pdfBytes(150_000);
    const a = (await upload(ctx.app, minji, { filename: '분기 보고서.pdf', content: pdf })).json().data;
    const b = (await upload(ctx.app, minji, { filename: 'chart.png', content: PNG_1X1 })).json().data;
    const sent = await send(minji, {
      toAddresses: ['jun@postline.local'],
      subject: '자료 보냅니다',
      bodyText: '첨부 확인해 주세요',
      attachmentIds: [a.id, b.id],
    });
    expect(sent.attachments.map((f) => f.originalFilename)).toEqual(['분기 보고서.pdf', 'chart.png']);
    expect(sent.attachmentIds).toEqual([a.id, b.id]);
    expect(sent.attachmentCount).toBe(2);

    const [received] = await inboxOf(jun);
    expect(received).toMatchObject({ subject: '자료 보냅니다', hasAttachments: true, attachmentCount: 2 });
    const files = await messageFiles(jun, received!.id);
    expect(files.map((f) => f.originalFilename)).toEqual(['분기 보고서.pdf', 'chart.png']);
    expect((await downloadBytes(jun, files[0]!.id)).equals(pdf)).toBe(true);
    // One file on disk for the sender's and the recipient's rows alike.
    expect(blobFiles(ctx.config.dataDir).filter((f) => f.endsWith(sha256(pdf)))).toHaveLength(1);
  });

  it("refuses to send another user's upload", async () => {
    const theirs = (await upload(ctx.app, jun, { filename: 'jun.pdf', content: pdfBytes(100) })).json().data;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: minji.headers,
      payload: {
        toAddresses: ['jun@postline.local'],
        subject: 's',
        bodyText: 'b',
        attachmentIds: [theirs.id],
      },
    });
    expect(res.statusCode).toBe(404);
  });

  it("forwards the original's attachments as new rows on the same blob", async () => {
    const [received] = await inboxOf(jun);
    const original = await messageFiles(jun, received!.id);
    const forwarded = await send(
      jun,
      {
        originalMessageId: received!.id,
        toAddresses: ['minji@postline.local'],
        subject: 'Fwd: 자료',
        bodyText: 'fyi',
      },
      '/api/v1/messages/forward',
    );
    expect(forwarded.attachments.map((f) => f.originalFilename)).toEqual(
      original.map((f) => f.originalFilename),
    );
    expect(forwarded.attachmentIds).not.toEqual(original.map((f) => f.id));
    const [back] = await inboxOf(minji);
    const files = await messageFiles(minji, back!.id);
    expect(files).toHaveLength(2);
  });

  it("attaches uploads to a draft, with duplicate names renamed, and deletes a draft's file", async () => {
    const draft = await send(minji, { subject: '초안', bodyText: '' }, '/api/v1/messages/drafts');
    const first = await upload(ctx.app, minji, {
      filename: 'plan.pdf',
      content: pdfBytes(300),
      messageId: draft.id,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload(ctx.app, minji, {
      filename: 'plan.pdf',
      content: pdfBytes(300),
      messageId: draft.id,
    });
    expect(second.json().data).toMatchObject({ originalFilename: 'plan (1).pdf', messageId: draft.id });
    expect((await messageFiles(minji, draft.id)).map((f) => f.originalFilename)).toEqual([
      'plan.pdf',
      'plan (1).pdf',
    ]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/attachments/${first.json().data.id}`,
      headers: minji.headers,
    });
    expect(removed.statusCode).toBe(200);
    const result = await ctx.db.database.db.execute(
      sql`SELECT attachment_count AS n FROM messages WHERE id = ${draft.id}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it("takes uploads only for the user's own drafts", async () => {
    const [received] = await inboxOf(jun);
    const notDraft = await upload(ctx.app, jun, {
      filename: 'x.pdf',
      content: pdfBytes(100),
      messageId: received!.id,
      lang: 'en',
    });
    expect(notDraft.statusCode).toBe(400);
    expect(notDraft.json().message).toMatch(/draft/);
    const bad = await upload(ctx.app, jun, { filename: 'x.pdf', content: pdfBytes(100), messageId: 'abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('releases the blob when the last message holding it is deleted for good', async () => {
    const only = pdfBytes(7000);
    const up = (await upload(ctx.app, minji, { filename: 'once.pdf', content: only })).json().data;
    const sent = await send(minji, {
      toAddresses: ['nobody@elsewhere.example'],
      subject: 'once',
      bodyText: 'x',
      attachmentIds: [up.id],
    });
    const file = blobPath(ctx.config.dataDir, sha256(only));
    expect(fs.existsSync(file)).toBe(true);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/messages/${sent.id}?permanent=true`,
      headers: minji.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    // What the messages area's files.sweep() does after its commit (the periodic
    // sweep finds it otherwise).
    await sweepReleasedBlobs({
      database: ctx.db.database,
      blobStore: new FileBlobStore(path.join(ctx.config.dataDir, 'blobs')),
    });
    expect(fs.existsSync(file)).toBe(false);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/attachments/${up.id}`,
      headers: minji.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it("copies a message's files onto another message and presents them per message", async () => {
    const [received] = await inboxOf(jun);
    const draft = await send(jun, { subject: 'copy target', bodyText: '' }, '/api/v1/messages/drafts');
    const copies = await ctx.db.database.transaction((tx) => copyAttachments(tx, received!.id, draft.id));
    const originals = await messageFiles(jun, received!.id);
    expect(copies.map((c) => c.originalFilename)).toEqual(originals.map((o) => o.originalFilename));
    expect(copies.every((c) => c.messageId === draft.id && c.userId === jun.user.id)).toBe(true);

    const byMessage = await presentAttachmentsForMessages(ctx.db.database.db, [
      received!.id,
      draft.id,
      999_999,
    ]);
    expect(byMessage.get(draft.id)!.map((a) => a.id)).toEqual(copies.map((c) => c.id));
    expect(byMessage.get(received!.id)!.map((a) => a.id)).toEqual(originals.map((o) => o.id));
    expect(byMessage.get(999_999)).toEqual([]);
    const [count] = (
      (await ctx.db.database.db.execute(
        sql`SELECT attachment_count AS n FROM messages WHERE id = ${draft.id}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(count!.n).toBe(originals.length);
  });
});
