import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The build step itself, run on a folder of this test's own.
import { precompress } from '../../../web/scripts/precompress.mjs';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';

/*
 * Issue 17: the web app's files go out as the build compressed them (brotli or gzip, as the browser
 * accepts), API answers over 1 kB are compressed on the fly, and caching stays as it was: hashed
 * assets for a year, the page itself always revalidated.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-dist-'));
const script = `console.log(${JSON.stringify('메일 '.repeat(2000))});\n`;
const page = `<!doctype html><html lang="ko"><head><title>Postline</title></head><body>${'<div></div>'.repeat(300)}</body></html>`;
let ctx: TestContext;
let minji: SignedIn;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f9a.js'), script);
  fs.writeFileSync(path.join(dist, 'index.html'), page);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-1a2b.js'), 'export{};\n');
  expect(precompress(dist)).toBe(2);
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers },
  });

describe('compressed answers', () => {
  it('sends a built script as brotli, or gzip, or plain, as the browser accepts, cached for a year', async () => {
    const brotli = await get('/assets/app-3f9a.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/app-3f9a.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-3f9a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // Too small to precompress: it goes through the on-the-fly compression, and arrives whole.
    const tiny = await get('/assets/tiny-1a2b.js', 'br');
    const tinyBody =
      tiny.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(tiny.rawPayload)
        : tiny.rawPayload;
    expect(tinyBody.toString()).toBe('export{};\n');
  });

  it('sends the page for any app path compressed and always revalidated', async () => {
    const response = await get('/mailbox/inbox', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it('compresses an API answer over 1 kB, and leaves a small one alone', async () => {
    const headers = minji.headers;
    for (let i = 0; i < 3; i += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/messages',
        headers,
        payload: {
          toAddresses: ['minji@postline.local'],
          subject: `압축 확인 ${i}`,
          bodyText: '본문 '.repeat(50),
        },
      });
    }
    const list = await get('/api/v1/messages?mailboxType=INBOX&size=20', 'gzip', headers);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(zlib.gunzipSync(list.rawPayload).toString()) as { data: { content: unknown[] } };
    expect(json.data.content).toHaveLength(3);

    const health = await get('/api/v1/health', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ success: true });
  });
});
