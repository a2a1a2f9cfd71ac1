import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/*
 * Issue 17: the page for an app path preloads the code of its first screen, as the build wrote it
 * (apps/web/vite.config.ts): the login page's on /login, the signed-in layout's on the app's other
 * paths, and neither where a visitor not signed in lands.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-pages-'));
const page = (preloads: string) =>
  `<!doctype html><html lang="ko"><head><title>Postline</title>${preloads}</head><body></body></html>`;
const pages = {
  'index.html': page(''),
  'index.login.html': page('<link rel="modulepreload" href="/assets/LoginPage-1a.js">'),
  'index.signed-in.html': page('<link rel="modulepreload" href="/assets/shell-2b.js">'),
};
let ctx: TestContext;

beforeAll(async () => {
  for (const [name, html] of Object.entries(pages)) fs.writeFileSync(path.join(dist, name), html);
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function pageAt(url: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers['content-type']).toMatch(/text\/html/);
  return response.body;
}

describe('the page for an app path', () => {
  it('preloads the login page on /login', async () => {
    expect(await pageAt('/login')).toBe(pages['index.login.html']);
  });

  it('preloads the signed-in layout on the mail client’s paths', async () => {
    for (const url of ['/mailbox/inbox', '/mailbox/inbox?page=2', '/message/42', '/compose', '/dashboard']) {
      expect(await pageAt(url)).toBe(pages['index.signed-in.html']);
    }
  });

  it('preloads nothing where a visitor not signed in lands: / and the sign-in callback', async () => {
    expect(await pageAt('/')).toBe(pages['index.html']);
    expect(await pageAt('/auth/callback?code=abc')).toBe(pages['index.html']);
  });
});
