import { execFileSync } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

/** A 2×2 red PNG: what a newsletter's banner and logo stand for. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** A self-signed certificate for 127.0.0.1, made by openssl (Debian's openssl package). */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fsSync.mkdtempSync(path.join(os.tmpdir(), 'postline-e2e-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: fsSync.readFileSync(key), cert: fsSync.readFileSync(cert) };
  fsSync.rmSync(dir, { recursive: true, force: true });
  return pair;
}

/** A web server on loopback (http, or https with a self-signed certificate), standing for a newsletter's image host or a linked site. */
async function imageHost(
  secure = false,
): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const handler: http.RequestListener = (_request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    response.end(PNG);
  };
  const server = secure ? https.createServer(selfSignedCertificate(), handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${secure ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function openMail(page: Page, subject: string) {
  await page.goto('/mailbox/inbox');
  await expect(messageRow(page, subject)).toBeVisible({ timeout: 15_000 });
  await messageRow(page, subject).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

test.describe('reading', () => {
  // The https image host has a self-signed certificate; a real one would be trusted anyway.
  test.use({ ignoreHTTPSErrors: true });

  test('Open a plain mail, an HTML newsletter (images blocked, then allowed, `http:` and `https:`), a mail with inline `cid:` images, a mail with Korean-named attachments; download one.', async ({
    page,
    request,
  }) => {
    const reader = person('dahye', '윤다혜');
    await apiToken(request, reader);
    const host = await imageHost();
    const secureHost = await imageHost(true);
    const stamp = Date.now();
    const plain = `주간 회의록 ${stamp}`;
    const newsletter = `11월 소식지 ${stamp}`;
    const files = `계약서 송부 ${stamp}`;
    try {
      await smtpSend({
        from: '"김팀장" <lead@corp.example>',
        to: reader.email,
        subject: plain,
        text: '회의록을 공유합니다.\n다음 회의는 목요일입니다.',
      });
      await smtpSend({
        from: '"Postline 소식" <news@corp.example>',
        to: reader.email,
        subject: newsletter,
        html:
          '<h2>이번 달 소식</h2><p><img src="cid:logo@corp.example" alt="회사 로고"></p>' +
          `<p><img src="${host.url}/banner.png" alt="이벤트 배너" width="200" height="100"></p>` +
          `<p><img src="${secureHost.url}/photo.png" alt="행사 사진" width="200" height="100"></p>` +
          '<p><a href="https://example.com/news/2026-11">전체 기사 보기</a></p>',
        attachments: [
          { filename: 'logo.png', content: PNG, cid: 'logo@corp.example', contentDisposition: 'inline' },
        ],
      });
      await smtpSend({
        from: '"법무팀" <legal@corp.example>',
        to: reader.email,
        subject: files,
        text: '계약서를 첨부합니다.',
        attachments: [{ filename: '공급계약서_2026.txt', content: '계약 조건: 2026년 12월까지 유효' }],
      });
      await signIn(page, reader);

      await test.step('a plain mail reads as text, with its line breaks', async () => {
        await openMail(page, plain);
        await expect(page.getByTestId('message-body')).toHaveText(
          '회의록을 공유합니다.\n다음 회의는 목요일입니다.',
        );
      });

      await test.step('the newsletter shows its inline logo at once and blocks the remote banner until asked', async () => {
        await openMail(page, newsletter);
        const frame = page.frameLocator('iframe[title="메일 본문"]');
        await expect(frame.getByRole('heading', { name: '이번 달 소식' })).toBeVisible();
        const logo = frame.getByRole('img', { name: '회사 로고' });
        await expect(logo).toBeVisible();
        await expect(logo).toHaveAttribute('src', /^data:image\/png/);
        await expect(page.getByText('개인정보 보호를 위해 외부 이미지를 차단했습니다.')).toBeVisible();
        expect(host.hits()).toBe(0);
        expect(secureHost.hits()).toBe(0);
        await shot(page, 'newsletter-blocked-ko');

        await page.getByRole('button', { name: '이미지 표시', exact: true }).click();
        await expect.poll(() => host.hits()).toBeGreaterThan(0);
        await expect.poll(() => secureHost.hits()).toBeGreaterThan(0);
        await expect(frame.getByRole('img', { name: '이벤트 배너' })).toBeVisible();
        await expect(frame.getByRole('img', { name: '행사 사진' })).toBeVisible();
        await shot(page, 'newsletter-images-ko');
      });

      await test.step('in English: the same newsletter, blocked until "Show images"', async () => {
        await switchLanguage(page, 'en');
        await page.reload();
        await expect(page.getByText('Remote images are blocked to protect your privacy.')).toBeVisible();
        const hitsBefore = host.hits();
        await page.getByRole('button', { name: 'Show images', exact: true }).click();
        await expect.poll(() => host.hits()).toBeGreaterThan(hitsBefore);
        await expect(
          page.frameLocator('iframe[title="Message body"]').getByRole('img', { name: '이벤트 배너' }),
        ).toBeVisible();
        await shot(page, 'newsletter-images-en');
      });

      await test.step('"Always show images" from the newsletter: the next visit loads them without asking, until "Ask first"', async () => {
        await page.getByRole('button', { name: 'Always show images from news@corp.example' }).click();
        await expect(page.getByText('Images from news@corp.example are always shown.')).toBeVisible();
        const hitsBefore = host.hits();
        await page.reload();
        await expect(
          page.frameLocator('iframe[title="Message body"]').getByRole('img', { name: '이벤트 배너' }),
        ).toBeVisible();
        await expect.poll(() => host.hits()).toBeGreaterThan(hitsBefore);
        await expect(page.getByText('Remote images are blocked to protect your privacy.')).toBeHidden();
        await shot(page, 'newsletter-always-en');
        await page.getByRole('button', { name: 'Ask first next time' }).click();
        await page.reload();
        await expect(page.getByText('Remote images are blocked to protect your privacy.')).toBeVisible();
        await switchLanguage(page, 'ko');
      });

      await test.step('the mail with a Korean-named file lists it, and it downloads under its name', async () => {
        await openMail(page, files);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: '공급계약서_2026.txt 다운로드' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('공급계약서_2026.txt');
        expect(await fs.readFile(await download.path(), 'utf8')).toBe('계약 조건: 2026년 12월까지 유효');
      });
    } finally {
      await host.close();
      await secureHost.close();
    }
  });

  test('Click a link inside an HTML mail: it opens in a new tab, the mail stays.', async ({
    page,
    request,
  }) => {
    const reader = person('gyuri', '한규리');
    await apiToken(request, reader);
    const site = await imageHost();
    const subject = `링크 안내 ${Date.now()}`;
    try {
      await smtpSend({
        from: 'news@corp.example',
        to: reader.email,
        subject,
        html: `<p>자세한 내용은 <a href="${site.url}/details">안내 페이지</a>에서 보세요.</p>`,
      });
      await signIn(page, reader);
      await openMail(page, subject);
      const frame = page.frameLocator('iframe[title="메일 본문"]');
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        frame.getByRole('link', { name: '안내 페이지' }).click(),
      ]);
      await expect.poll(() => tab.url()).toBe(`${site.url}/details`);
      // The mail stays where it was, and its frame still shows the mail.
      await expect(page).toHaveURL(/\/message\/\d+$/);
      await expect(frame.getByRole('link', { name: '안내 페이지' })).toBeVisible();
      await tab.close();
    } finally {
      await site.close();
    }
  });
});
