// Over 300 lines on purpose: the upload and download calls' every rule (names, types, sizes,
// shared blobs, HEAD), over one server, read as the calls' one specification.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import {
  blobFiles,
  blobPath,
  dispositionFilename,
  multipartBody,
  pdfBytes,
  PNG_1X1,
  sha256,
  upload,
} from './helpers.js';

let ctx: TestContext;
let minji: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = await signIn(ctx.app, 'minji@example.com', '김민지');
});
afterAll(async () => ctx.close());

async function rowCount(): Promise<number> {
  const result = await ctx.db.database.db.execute(sql`SELECT count(*)::int AS n FROM attachments`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

function download(id: number, who: SignedIn = minji, query = '') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/attachments/${id}/download${query}`,
    headers: who.headers,
  });
}

describe('upload and download', () => {
  it('gives back the same bytes under the same Korean name, with headers that keep it a download', async () => {
    const content = pdfBytes(300_000);
    const name = '2분기 보고서 (최종).pdf';
    const res = await upload(ctx.app, minji, { filename: name, content, contentType: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const attachment = res.json().data;
    expect(attachment).toMatchObject({
      originalFilename: name,
      filename: name,
      displayName: name,
      contentType: 'application/pdf',
      sizeBytes: content.length,
      formattedSize: '293.0 KB',
      messageId: null,
      isInline: false,
      downloadUrl: `/api/v1/attachments/${attachment.id}/download`,
    });

    const got = await download(attachment.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe(String(content.length));
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    const disposition = String(got.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(dispositionFilename(disposition)).toBe(name);
    expect(fs.existsSync(blobPath(ctx.config.dataDir, sha256(content)))).toBe(true);
  });

  it('answers HEAD with the headers and length but no body', async () => {
    const content = pdfBytes(5000);
    const { id } = (await upload(ctx.app, minji, { filename: 'head.pdf', content })).json().data;
    const res = await ctx.app.inject({
      method: 'HEAD',
      url: `/api/v1/attachments/${id}/download`,
      headers: minji.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('5000');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.rawPayload.length).toBe(0);
  });

  it('stores identical content once and removes the file only with its last reference', async () => {
    const content = pdfBytes(20_000);
    const file = blobPath(ctx.config.dataDir, sha256(content));
    const a = (await upload(ctx.app, minji, { filename: 'a.pdf', content })).json().data;
    const before = blobFiles(ctx.config.dataDir).length;
    const b = (await upload(ctx.app, minji, { filename: 'b.pdf', content })).json().data;
    expect(b.id).not.toBe(a.id);
    expect(blobFiles(ctx.config.dataDir).length).toBe(before);

    const first = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/attachments/${a.id}`,
      headers: minji.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(true);
    expect((await download(b.id)).rawPayload.equals(content)).toBe(true);

    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/attachments/${b.id}`, headers: minji.headers });
    expect(fs.existsSync(file)).toBe(false);
    expect((await download(b.id)).statusCode).toBe(404);
  });

  it('keeps only the last path segment of a name and drops control characters', async () => {
    const res = await upload(ctx.app, minji, {
      filename: '../../etc/passwd.txt',
      content: Buffer.from('root:x:0:0\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.originalFilename).toBe('passwd.txt');
    expect(res.json().data.contentType).toBe('text/plain; charset=utf-8');

    const sneaky = await upload(ctx.app, minji, {
      filename: 'C:\\Users\\me\\메모\u0007\u202e.txt',
      content: Buffer.from('hi'),
    });
    expect(sneaky.json().data.originalFilename).toBe('메모.txt');
  });

  it('accepts a .docx (a zip container) and a .txt in EUC-KR, each stored with the type its content has', async () => {
    const docx = fs.readFileSync(new URL('./fixtures/minimal.docx', import.meta.url));
    const word = await upload(ctx.app, minji, { filename: '계약서.docx', content: docx });
    expect(word.statusCode, word.body).toBe(200);
    expect(word.json().data.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    const eucKr = Buffer.from([0xc7, 0xd1, 0xb1, 0xdb, 0x0a]); // "한글\n" in EUC-KR
    const text = await upload(ctx.app, minji, {
      filename: 'memo.txt',
      content: eucKr,
      contentType: 'text/plain',
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data.contentType).toBe('text/plain');
  });

  it('shows raster images inline on request, never SVG, which always downloads as octet-stream', async () => {
    const png = (await upload(ctx.app, minji, { filename: 'dot.png', content: PNG_1X1 })).json().data;
    const inline = await download(png.id, minji, '?inline=1');
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect((await download(png.id)).headers['content-disposition']).toMatch(/^attachment;/);

    const svgBytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svg = await upload(ctx.app, minji, {
      filename: 'logo.svg',
      content: svgBytes,
      contentType: 'image/svg+xml',
    });
    expect(svg.statusCode, svg.body).toBe(200);
    const got = await download(svg.json().data.id, minji, '?inline=1');
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('hands out the download URL', async () => {
    const { id } = (await upload(ctx.app, minji, { filename: 'x.pdf', content: pdfBytes(100) })).json().data;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/attachments/${id}/download-url`,
      headers: minji.headers,
    });
    expect(res.json().data).toEqual({ downloadUrl: `/api/v1/attachments/${id}/download` });
  });
});

describe('refused uploads leave nothing stored', () => {
  async function expectRefused(
    options: Parameters<typeof upload>[2],
    status: number,
    code: string,
    text: RegExp,
  ) {
    const rows = await rowCount();
    const files = blobFiles(ctx.config.dataDir);
    const res = await upload(ctx.app, minji, options);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(res.json().message).toMatch(text);
    expect(await rowCount()).toBe(rows);
    expect(blobFiles(ctx.config.dataDir)).toEqual(files);
  }

  it('refuses a file over 25 MB with a 413 that names the limit', async () => {
    const big = pdfBytes(26 * 1024 * 1024);
    await expectRefused(
      { filename: 'big.pdf', content: big, lang: 'en' },
      413,
      'ATTACHMENT_TOO_LARGE',
      /25 MB/,
    );
    await expectRefused(
      { filename: 'big.pdf', content: big, lang: 'ko' },
      413,
      'ATTACHMENT_TOO_LARGE',
      /최대 25 MB/,
    );
  });

  it('takes a file of exactly 25 MB', async () => {
    const res = await upload(ctx.app, minji, { filename: 'exact.pdf', content: pdfBytes(25 * 1024 * 1024) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.formattedSize).toBe('25.0 MB');
  });

  it('refuses a Windows program renamed to .pdf, and ELF or a script named .txt', async () => {
    const pe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from('PE\0\0'),
      crypto.randomBytes(2000),
    ]);
    await expectRefused(
      { filename: 'invoice.pdf', content: pe, contentType: 'application/pdf', lang: 'en' },
      415,
      'INVALID_FILE_TYPE',
      /Executable/,
    );
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), crypto.randomBytes(500)]);
    await expectRefused(
      { filename: 'notes.txt', content: elf, lang: 'ko' },
      415,
      'INVALID_FILE_TYPE',
      /실행 파일/,
    );
    await expectRefused(
      { filename: 'run.txt', content: Buffer.from('#!/bin/sh\nrm -rf ~\n'), lang: 'en' },
      415,
      'INVALID_FILE_TYPE',
      /Executable/,
    );
  });

  it('refuses names and types off the allow-list, and content that is not what its name says', async () => {
    await expectRefused(
      { filename: 'setup.exe', content: pdfBytes(100), lang: 'en' },
      415,
      'INVALID_FILE_TYPE',
      /not allowed/,
    );
    await expectRefused(
      { filename: 'page.html', content: Buffer.from('<p>x</p>'), contentType: 'text/html', lang: 'en' },
      415,
      'INVALID_FILE_TYPE',
      /not allowed/,
    );
    await expectRefused(
      { filename: 'photo.jpg', content: pdfBytes(500), lang: 'en' },
      415,
      'INVALID_FILE_TYPE',
      /does not match/,
    );
    await expectRefused(
      { filename: 'a.txt', content: Buffer.from('abc\0def'), lang: 'en' },
      415,
      'INVALID_FILE_TYPE',
      /binary/,
    );
  });

  it('refuses an empty file', async () => {
    await expectRefused(
      { filename: 'empty.txt', content: Buffer.alloc(0), lang: 'en' },
      400,
      'VALIDATION_ERROR',
      /Empty files/,
    );
  });

  it('refuses a request without a file, with two files, or that is not multipart', async () => {
    const onlyField = multipartBody([{ name: 'messageId', value: '1' }]);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/upload',
      headers: { ...minji.headers, 'content-type': onlyField.contentType, 'accept-language': 'en' },
      payload: onlyField.body,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Choose a file/);

    const rows = await rowCount();
    const two = multipartBody([
      { name: 'file', filename: 'a.pdf', content: pdfBytes(100) },
      { name: 'file', filename: 'b.pdf', content: pdfBytes(100) },
    ]);
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/upload',
      headers: { ...minji.headers, 'content-type': two.contentType },
      payload: two.body,
    });
    expect(twice.statusCode).toBe(400);
    expect(await rowCount()).toBe(rows);

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/upload',
      headers: minji.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('VALIDATION_ERROR');
  });

  it('leaves no temp file behind in DATA_DIR/blobs', () => {
    expect(blobFiles(ctx.config.dataDir).filter((name) => name.includes('.incoming-'))).toEqual([]);
  });
});

describe('lists and search', () => {
  it('pages newest first and finds by name and type', async () => {
    const jun = await signIn(ctx.app, 'jun-list@example.com', 'Jun');
    for (const name of ['회의록.txt', 'budget.pdf', 'team.png']) {
      const content = name.endsWith('.png')
        ? PNG_1X1
        : name.endsWith('.pdf')
          ? pdfBytes(300)
          : Buffer.from(`${name}\n`);
      expect((await upload(ctx.app, jun, { filename: name, content })).statusCode).toBe(200);
    }
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/attachments?size=2',
      headers: jun.headers,
    });
    expect(page.json().data).toMatchObject({
      totalElements: 3,
      totalPages: 2,
      number: 0,
      size: 2,
      first: true,
      last: false,
    });
    expect(page.json().data.content.map((a: { originalFilename: string }) => a.originalFilename)).toEqual([
      'team.png',
      'budget.pdf',
    ]);

    const byName = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/attachments/search?keyword=${encodeURIComponent('회의')}`,
      headers: jun.headers,
    });
    expect(byName.json().data.content.map((a: { originalFilename: string }) => a.originalFilename)).toEqual([
      '회의록.txt',
    ]);
    const images = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/attachments/search?contentType=image/*',
      headers: jun.headers,
    });
    expect(images.json().data.content.map((a: { originalFilename: string }) => a.originalFilename)).toEqual([
      'team.png',
    ]);
    const wildcard = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/attachments/search?keyword=%25',
      headers: jun.headers,
    });
    expect(wildcard.json().data.totalElements).toBe(0);
  });
});
