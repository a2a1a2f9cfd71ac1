import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/*
 * Issue 17: the page for an app path preloads the code of its first screen, as the build wrote it
 * (apps/web/vite.config.ts): the login page's on /login, a signed-in screen's on the paths that
 * first-screens.json gives it, the signed-in layout's on the app's other paths, and none of them
 * where a visitor not signed in lands.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-pages-'));
const page = (preloads: string) =>
  `<!doctype html><html lang="ko"><head><title>Postline</title>${preloads}</head><body></body></html>`;
const pages = {
  'index.html': page(''),
  'index.login.html': page('<link rel="modulepreload" href="/assets/LoginPage-1a.js">'),
  'index.signed-in.html': page('<link rel="modulepreload" href="/assets/shell-2b.js">'),
  'index.mailbox.html': page('<link rel="modulepreload" href="/assets/MailboxPage-3c.js">'),
  'index.message.html': page('<link rel="modulepreload" href="/assets/MessageRoute-4d.js">'),
  'index.original.html': page('<link rel="modulepreload" href="/assets/OriginalPage-5e.js">'),
  'index.mailbox.en.html': page('<link rel="modulepreload" href="/assets/en-6f.js">'),
  'index.login.en.html': page('<link rel="modulepreload" href="/assets/en-6f.js"><!-- login -->'),
  'index.signed-in.en.html': page('<link rel="modulepreload" href="/assets/en-6f.js"><!-- layout -->'),
};
const screens = [
  { patterns: ['/mailbox/:folder'], page: 'index.mailbox.html' },
  { patterns: ['/message/:messageId'], page: 'index.message.html' },
  { patterns: ['/message/:messageId/original'], page: 'index.original.html' },
  // Listed, but this build did not write it: the signed-in layout's page stands in.
  { patterns: ['/compose'], page: 'index.compose.html' },
];
let ctx: TestContext;

beforeAll(async () => {
  for (const [name, html] of Object.entries(pages)) fs.writeFileSync(path.join(dist, name), html);
  fs.writeFileSync(path.join(dist, 'first-screens.json'), JSON.stringify(screens));
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function pageAt(url: string, cookie?: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(String(response.headers.vary)).toMatch(/cookie/i);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  return response.body;
}

describe('the page for an app path', () => {
  it('preloads the login page on /login', async () => {
    expect(await pageAt('/login')).toBe(pages['index.login.html']);
  });

  it('preloads a screen’s own code on the paths of its route patterns', async () => {
    for (const url of ['/mailbox/inbox', '/mailbox/%EC%97%85%EB%AC%B4?page=2&sort=subject']) {
      expect(await pageAt(url)).toBe(pages['index.mailbox.html']);
    }
    expect(await pageAt('/message/42')).toBe(pages['index.message.html']);
    expect(await pageAt('/message/42/original')).toBe(pages['index.original.html']);
  });

  it('preloads the signed-in layout on the mail client’s other paths', async () => {
    for (const url of [
      '/compose',
      '/dashboard',
      '/mailbox',
      '/mailbox/',
      '/message/42/original/x',
      '/nowhere',
    ]) {
      expect(await pageAt(url)).toBe(pages['index.signed-in.html']);
    }
  });

  it('preloads English’s texts too for a visitor whose language cookie says English', async () => {
    const english = 'theme=dark; postline_lang=en';
    expect(await pageAt('/mailbox/inbox', english)).toBe(pages['index.mailbox.en.html']);
    expect(await pageAt('/login', english)).toBe(pages['index.login.en.html']);
    expect(await pageAt('/dashboard', english)).toBe(pages['index.signed-in.en.html']);
    // No English copy of this screen's page: the Korean one still preloads its code.
    expect(await pageAt('/message/42', english)).toBe(pages['index.message.html']);
    expect(await pageAt('/', english)).toBe(pages['index.html']);
    for (const other of [
      'postline_lang=ko',
      'postline_lang=fr',
      'postline_lang=',
      'postline_lang=%E0%A4%A',
    ]) {
      expect(await pageAt('/mailbox/inbox', other)).toBe(pages['index.mailbox.html']);
    }
  });

  it('preloads nothing where a visitor not signed in lands: / and the sign-in callback', async () => {
    expect(await pageAt('/')).toBe(pages['index.html']);
    expect(await pageAt('/auth/callback?code=abc')).toBe(pages['index.html']);
  });
});
