import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { pdfBytes, upload } from './helpers.js';

/** Issue 34: the files people actually send, each checked by content; the list an operator setting. */

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** An ISO BMFF file (MP4, M4A, MOV) as phones write them: an ftyp box naming its brand, then data. */
function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.write(`${brand}isom`, 16, 'latin1');
  const mdat = Buffer.concat([Buffer.from([0, 0, 0x10, 8]), Buffer.from('mdat'), crypto.randomBytes(4096)]);
  return Buffer.concat([ftyp, mdat]);
}

/** An MP3 with an ID3v2 tag and two MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz). */
function mp3(): Buffer {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), crypto.randomBytes(413)]);
  return Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), frame, frame]);
}

let ctx: TestContext;
let minji: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = await signIn(ctx.app, 'minji@example.com', '김민지');
});
afterAll(async () => ctx?.close());

async function roundTrip(filename: string, content: Buffer, contentType?: string) {
  const res = await upload(ctx.app, minji, { filename, content, ...(contentType ? { contentType } : {}) });
  expect(res.statusCode, `${filename}: ${res.body}`).toBe(200);
  const stored = res.json().data as { id: number; contentType: string; originalFilename: string };
  const back = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/attachments/${stored.id}/download`,
    headers: minji.headers,
  });
  expect(back.rawPayload.equals(content), filename).toBe(true);
  return { stored, served: back.headers['content-type'] };
}

describe('the office family, HWP, CSV, audio and video', () => {
  it.each([
    ['보고서.hwp', 'minimal.hwp', 'application/x-hwp', 'application/haansofthwp'],
    ['보고서.hwpx', 'minimal.hwpx', 'application/hwp+zip', 'application/octet-stream'],
    ['slides.ppt', 'minimal.ppt', 'application/vnd.ms-powerpoint', 'application/vnd.ms-powerpoint'],
    [
      'slides.pptx',
      'minimal.pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['letter.odt', 'minimal.odt', 'application/vnd.oasis.opendocument.text', ''],
    ['budget.ods', 'minimal.ods', 'application/vnd.oasis.opendocument.spreadsheet', ''],
    ['deck.odp', 'minimal.odp', 'application/vnd.oasis.opendocument.presentation', ''],
  ])('takes %s, checked by content and stored as %s', async (name, file, stored, declared) => {
    const { stored: row, served } = await roundTrip(name, fixture(file), declared || undefined);
    expect(row.contentType).toBe(stored);
    expect(served).toBe(stored);
  });

  it('takes a HWP 3 file, which is not a compound file but has its own signature', async () => {
    const hwp3 = Buffer.concat([
      Buffer.from('HWP Document File V3.00 \x1a\x01\x02\x03\x04\x05', 'latin1'),
      crypto.randomBytes(900),
    ]);
    expect((await roundTrip('옛 문서.hwp', hwp3)).stored.contentType).toBe('application/x-hwp');
  });

  it('takes CSV as text (UTF-8 said so, EUC-KR as it is), declared as Windows declares it', async () => {
    const utf8 = Buffer.from('이름,금액\n김민지,1200\n', 'utf8');
    const { stored, served } = await roundTrip('정산.csv', utf8, 'application/vnd.ms-excel');
    expect(stored.contentType).toBe('text/csv; charset=utf-8');
    expect(served).toBe('text/csv; charset=utf-8');
    const eucKr = Buffer.from([0xc0, 0xcc, 0xb8, 0xa7, 0x2c, 0x31, 0x0a]); // "이름,1\n"
    expect((await roundTrip('old.csv', eucKr, 'text/csv')).stored.contentType).toBe('text/csv');
  });

  it.each([
    ['voice.mp3', mp3(), 'audio/mpeg'],
    ['memo.m4a', isoMedia('M4A '), 'audio/mp4'],
    ['clip.mp4', isoMedia('isom'), 'video/mp4'],
    ['IMG_0042.MOV', isoMedia('qt  '), 'video/quicktime'],
    // An iPhone's .m4a may say mp42, the video brand, and a .mov may too: one container.
    ['call.m4a', isoMedia('mp42'), 'audio/mp4'],
  ])('takes %s as %s', async (name, content, stored) => {
    expect((await roundTrip(name, content)).stored.contentType).toBe(stored);
  });

  it('still refuses programs under these names and content that is not what the name says', async () => {
    const refused = async (filename: string, content: Buffer, text: RegExp) => {
      const res = await upload(ctx.app, minji, { filename, content, lang: 'en' });
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_FILE_TYPE' });
      expect(res.json().message).toMatch(text);
    };
    const pe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from('PE\0\0'),
      crypto.randomBytes(900),
    ]);
    await refused('보고서.hwp', pe, /Executable/);
    await refused('song.mp3', pe, /Executable/);
    await refused('data.csv', Buffer.from('#!/usr/bin/env python3\nprint(1)\n'), /Executable/);
    await refused('slides.pptx', pdfBytes(600), /does not match/);
    await refused('보고서.hwp', fixture('minimal.hwpx'), /does not match/);
    await refused('clip.mp4', fixture('minimal.odt'), /does not match/);
    // An OpenDocument name on a zip without its mimetype entry is not an OpenDocument file.
    await refused('letter.odt', fixture('minimal.pptx'), /does not match/);
    await refused('data.csv', Buffer.from('a,b\0c\n'), /binary/);
  });

  it('refuses scripts by name, saying in the reader’s language which types are allowed', async () => {
    for (const name of ['run.sh', 'macro.vbs', 'start.bat', 'app.js', 'setup.msi', 'tool.ps1']) {
      const res = await upload(ctx.app, minji, {
        filename: name,
        content: Buffer.from('echo hi\n'),
        lang: 'en',
      });
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toContain('Hangul (HWP) (hwp, hwpx)');
      expect(res.json().message).toContain('PowerPoint (ppt, pptx)');
      expect(res.json().message).toContain('video (mp4, mov)');
    }
    const ko = await upload(ctx.app, minji, { filename: 'run.sh', content: Buffer.from('x'), lang: 'ko' });
    expect(ko.json().message).toMatch(
      /^허용되지 않는 파일 형식입니다\. 첨부할 수 있는 형식: 이미지, PDF \(pdf\)/,
    );
    expect(ko.json().message).toContain('한글 (hwp, hwpx)');
  });

  it('tells the web app the allowed extensions', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/attachments/rules',
      headers: minji.headers,
    });
    expect(res.statusCode).toBe(200);
    const rules = res.json().data as { allowedExtensions: string[]; maxFileBytes: number; maxFiles: number };
    expect(rules.allowedExtensions).toEqual(
      expect.arrayContaining([
        'hwp',
        'hwpx',
        'ppt',
        'pptx',
        'csv',
        'odt',
        'ods',
        'odp',
        'mp3',
        'm4a',
        'mp4',
        'mov',
      ]),
    );
    expect(rules).toMatchObject({ maxFileBytes: 25 * 1024 * 1024, maxFiles: 10 });
  });
});

describe('ATTACHMENT_ALLOWED_TYPES, the operator’s list', () => {
  it('narrows what compose takes, and the refusal names only what is left', async () => {
    const narrow = await createTestApp({ ATTACHMENT_ALLOWED_TYPES: 'pdf, hwp, .csv' });
    try {
      const jun = await signIn(narrow.app, 'jun@example.com', '이준');
      const rules = await narrow.app.inject({
        method: 'GET',
        url: '/api/v1/attachments/rules',
        headers: jun.headers,
      });
      expect(rules.json().data.allowedExtensions).toEqual(['pdf', 'hwp', 'hwpx', 'csv']);
      expect(
        (await upload(narrow.app, jun, { filename: 'a.hwp', content: fixture('minimal.hwp') })).statusCode,
      ).toBe(200);
      const pptx = await upload(narrow.app, jun, {
        filename: 'a.pptx',
        content: fixture('minimal.pptx'),
        lang: 'en',
      });
      expect(pptx.statusCode).toBe(415);
      expect(pptx.json().message).toBe(
        'This file type is not allowed. Files that can be attached: PDF (pdf), Hangul (HWP) (hwp, hwpx), CSV (csv).',
      );
      const png = await upload(narrow.app, jun, { filename: 'x.png', content: Buffer.from('x'), lang: 'ko' });
      expect(png.statusCode).toBe(415);
    } finally {
      await narrow.close();
    }
  });

  it('refuses, at start, a type the server cannot check by content', () => {
    expect(() => loadConfig({ ATTACHMENT_ALLOWED_TYPES: 'pdf,exe' })).toThrow(
      /ATTACHMENT_ALLOWED_TYPES: unknown: exe/,
    );
    expect(() => loadConfig({ ATTACHMENT_ALLOWED_TYPES: 'js' })).toThrow(/ATTACHMENT_ALLOWED_TYPES/);
    expect(loadConfig({}).attachments.allowedExtensions).toContain('hwpx');
  });
});
