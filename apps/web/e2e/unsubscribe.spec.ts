import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { dkimSigner } from '../../server/test/helpers/dkim-signer';
import { startDnsServer, type TestDnsServer } from '../../server/test/helpers/dns-server';
import { startServer, stopServer } from './server-control';
import { messageRow, person, shot, signIn, switchLanguage } from './support';

/*
 * One-click unsubscribe (issue 37): the server under test is restarted with sender checks on,
 * asking a DNS server started here that publishes news.test's DKIM key, and allowed to reach the
 * list's "server", an HTTP server on loopback started here that records what it is sent. A
 * newsletter signed over List-Unsubscribe and List-Unsubscribe-Post is left with one click; the
 * same mail unsigned shows no button. The server is started again without these settings at the end.
 */
const news = dkimSigner('news.test', 'sel1');
const SIGNED = 'From:To:Subject:Date:Message-ID:List-Unsubscribe:List-Unsubscribe-Post';

let dns: TestDnsServer;
let list: http.Server;
let listBase = '';
const posts: { url: string; body: string }[] = [];

test.beforeAll(async () => {
  list = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST') posts.push({ url: request.url ?? '', body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => list.listen(0, '127.0.0.1', resolve));
  listBase = `http://localhost:${(list.address() as AddressInfo).port}`;
  dns = await startDnsServer({
    'news.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
    'sel1._domainkey.news.test': { TXT: [news.record] },
    '_dmarc.news.test': { TXT: ['v=DMARC1; p=none'] },
  });
  await stopServer();
  await startServer({ SENDER_CHECKS: 'true', DNS_SERVERS: dns.address, UNSUBSCRIBE_ALLOW_LOOPBACK: 'true' });
});

test.afterAll(async () => {
  await stopServer();
  await startServer();
  await dns?.close();
  await new Promise((resolve) => list?.close(resolve));
});

/** A newsletter from news.test to `to`, its list headers pointing at the list server's `path`. */
function newsletter(to: string, subject: string, path: string): Buffer {
  return Buffer.from(
    `From: 주간 소식 <letters@news.test>\r\nTo: ${to}\r\nSubject: ${subject}\r\n` +
      `Date: ${new Date().toUTCString()}\r\nMessage-ID: <${crypto.randomUUID()}@news.test>\r\n` +
      `List-Unsubscribe: <mailto:leave@news.test>, <${listBase}${path}>\r\n` +
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n\r\n이번 주 소식입니다.\r\n',
  );
}

async function deliver(to: string, raw: Buffer): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(process.env.E2E_SMTP_PORT),
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ envelope: { from: 'letters@news.test', to: [to] }, raw });
  } finally {
    transport.close();
  }
}

/** Opens the inbox and the message with this subject, reloading until it has arrived. */
async function open(page: Page, subject: string): Promise<void> {
  await page.goto('/mailbox/inbox');
  await expect(async () => {
    await page.reload();
    await expect(messageRow(page, subject)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await messageRow(page, subject).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

test('Unsubscribe from a signed newsletter with one click.', async ({ page }) => {
  const jun = person('jun', '이준');
  await signIn(page, jun);
  await deliver(jun.email, await news.sign(newsletter(jun.email, '이번 주 소식', '/u/jun-1'), SIGNED));
  await deliver(jun.email, newsletter(jun.email, '위조된 소식', '/u/forged'));
  await deliver(jun.email, await news.sign(newsletter(jun.email, 'Weekly news', '/u/jun-2'), SIGNED));

  await test.step('Korean, 1280 px: the signed newsletter is left with one click', async () => {
    await open(page, '이번 주 소식');
    const from = page.getByTestId('meta-from');
    await from.getByRole('button', { name: '수신 거부' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'news.test 메일 수신 거부' });
    await expect(dialog).toContainText('브라우저는 상대 사이트에 접속하지 않습니다');
    await shot(page, 'unsubscribe-confirm-ko');
    await dialog.getByRole('button', { name: '수신 거부' }).click();
    await expect(page.getByText('news.test에 수신 거부를 요청했습니다.')).toBeVisible();
    await expect(from).toContainText('수신 거부를 요청함');
    expect(posts).toEqual([{ url: '/u/jun-1', body: 'List-Unsubscribe=One-Click' }]);
  });

  await test.step('the same headers without a signature: no button, no request', async () => {
    await open(page, '위조된 소식');
    await expect(page.getByTestId('meta-from')).toContainText('letters@news.test');
    await expect(page.getByTestId('meta-from').getByRole('button')).toHaveCount(0);
    expect(posts.map((p) => p.url)).not.toContain('/u/forged');
  });

  await test.step('English, 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await switchLanguage(page, 'en');
    await open(page, 'Weekly news');
    await page.getByTestId('meta-from').getByRole('button', { name: 'Unsubscribe' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unsubscribe from news.test' });
    await shot(page, 'unsubscribe-confirm-en-phone');
    await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('Asked news.test to unsubscribe you.')).toBeVisible();
    expect(posts.map((p) => p.url)).toEqual(['/u/jun-1', '/u/jun-2']);
  });
});
