import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PER_MINUTE } from '@postline/shared/unsubscribe';
import { dkimSigner } from '../../helpers/dkim-signer.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { sendMessage } from '../../mail/helpers/smtp-client.js';
import { SmtpServers } from '../../mail/helpers/smtp-servers.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';

/*
 * One-click unsubscribe (issue 37, RFC 8058) end to end: newsletters arrive over SMTP, signed by a
 * domain whose key a DNS server on loopback publishes, with sender checks on; the list's server is
 * an HTTP server on loopback that records what it is sent. Only a signed header earns a button,
 * only a signed List-Unsubscribe-Post a request from the server, and never to a private address
 * or through a redirect.
 */
const news = dkimSigner('news.test', 'sel1');
const ONE_CLICK_HEADERS = 'From:To:Subject:Date:Message-ID:List-Unsubscribe:List-Unsubscribe-Post';

let dns: TestDnsServer;
let ctx: TestContext;
let jun: SignedIn;
let minji: SignedIn;
let api: MailApi;
let smtpPort: number;
let list: http.Server;
let listBase: string;
const received: { method: string; url: string; type: string; body: string }[] = [];
const servers = new SmtpServers();

beforeAll(async () => {
  dns = await startDnsServer({
    'news.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
    'sel1._domainkey.news.test': { TXT: [news.record] },
    '_dmarc.news.test': { TXT: ['v=DMARC1; p=none'] },
  });
  list = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        type: request.headers['content-type'] ?? '',
        body,
      });
      if (request.url?.startsWith('/moved')) {
        response.writeHead(302, { location: `${listBase}/elsewhere` }).end();
      } else if (request.url?.startsWith('/broken')) {
        response.writeHead(500).end();
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('unsubscribed');
      }
    });
  });
  await new Promise<void>((resolve) => list.listen(0, '127.0.0.1', resolve));
  // By name, so the address check of the lookup is what lets it through (loopback, allowed in tests).
  listBase = `http://localhost:${(list.address() as AddressInfo).port}`;
  ctx = await createTestApp({
    SENDER_CHECKS: 'true',
    DNS_SERVERS: dns.address,
    MAIL_DOMAIN: 'postline.local',
    MAIL_HOST: 'mx.postline.local',
    UNSUBSCRIBE_ALLOW_LOOPBACK: 'true',
  });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  api = mailApi(ctx, jun);
  smtpPort = (await servers.start(ctx.app.delivery)).port;
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
  await dns?.close();
  await new Promise((resolve) => list?.close(resolve));
});

function newsletter(subject: string, listHeaders: string): Buffer {
  return Buffer.from(
    `From: 뉴스레터 <letters@news.test>\r\nTo: jun@postline.local\r\nSubject: ${subject}\r\n` +
      `Date: Thu, 26 Nov 2026 10:00:00 +0000\r\nMessage-ID: <${crypto.randomUUID()}@news.test>\r\n` +
      `${listHeaders}Content-Type: text/plain; charset=utf-8\r\n\r\n이번 주 소식입니다.\r\n`,
  );
}

/** Delivers the newsletter to jun and answers its id in his inbox. */
async function deliver(subject: string, raw: Buffer): Promise<number> {
  const result = await sendMessage(smtpPort, { from: 'letters@news.test', to: ['jun@postline.local'] }, raw);
  expect(result.final).toMatch(/^250 /);
  const page = await api.data('GET', '/messages?mailboxType=INBOX&size=100');
  const row = page.content.find((m: { subject: string }) => m.subject === subject);
  expect(row, subject).toBeTruthy();
  return row.id;
}

const oneClickHeaders = (path: string) =>
  `List-Unsubscribe: <mailto:leave@news.test?subject=unsubscribe>, <${listBase}${path}>\r\n` +
  'List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n';

describe('one-click unsubscribe', () => {
  it('a signed newsletter is left with one click: the server posts List-Unsubscribe=One-Click to the list', async () => {
    const id = await deliver(
      '주간 소식 1',
      await news.sign(newsletter('주간 소식 1', oneClickHeaders('/u?id=jun')), ONE_CLICK_HEADERS),
    );
    expect(await api.data('GET', `/messages/${id}/unsubscribe`)).toEqual({
      method: 'ONE_CLICK',
      domain: 'news.test',
      mailto: null,
      link: null,
    });
    const before = received.length;
    expect(await api.data('POST', `/messages/${id}/unsubscribe`)).toEqual({
      unsubscribed: true,
      domain: 'news.test',
    });
    expect(received.slice(before)).toEqual([
      {
        method: 'POST',
        url: '/u?id=jun',
        type: 'application/x-www-form-urlencoded',
        body: 'List-Unsubscribe=One-Click',
      },
    ]);
  });

  it('a signature that leaves List-Unsubscribe-Post out offers the mailto address, and no request is made', async () => {
    // mailauth's default list signs List-Unsubscribe but not List-Unsubscribe-Post.
    const id = await deliver(
      '주간 소식 2',
      await news.sign(newsletter('주간 소식 2', oneClickHeaders('/u2'))),
    );
    expect(await api.data('GET', `/messages/${id}/unsubscribe`)).toEqual({
      method: 'MAILTO',
      domain: 'news.test',
      mailto: 'mailto:leave@news.test?subject=unsubscribe',
      link: null,
    });
    const before = received.length;
    const refused = await api.call('POST', `/messages/${id}/unsubscribe`, undefined, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This mail cannot be unsubscribed from with one click. Use the unsubscribe instructions in the mail.',
    );
    expect(received.length).toBe(before);
  });

  it('an unsigned newsletter gets no button and no request, whatever its headers say', async () => {
    const id = await deliver('가짜 소식', newsletter('가짜 소식', oneClickHeaders('/forged')));
    expect((await api.data('GET', `/messages/${id}/unsubscribe`)).method).toBeNull();
    const before = received.length;
    const refused = await api.call('POST', `/messages/${id}/unsubscribe`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '이 메일은 한 번의 클릭으로 수신 거부할 수 없습니다. 메일 안의 수신 거부 안내를 이용해 주세요.',
    );
    expect(received.length).toBe(before);
  });

  it('a redirect is not followed and a failure is told in the reader language', async () => {
    const moved = await deliver(
      '주간 소식 3',
      await news.sign(newsletter('주간 소식 3', oneClickHeaders('/moved')), ONE_CLICK_HEADERS),
    );
    const before = received.length;
    const answer = await api.call('POST', `/messages/${moved}/unsubscribe`);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().message).toContain('news.test에서 수신 거부 요청을 확인하지 않았습니다.');
    expect(received.slice(before).map((r) => r.url)).toEqual(['/moved']);

    const broken = await deliver(
      '주간 소식 4',
      await news.sign(newsletter('주간 소식 4', oneClickHeaders('/broken')), ONE_CLICK_HEADERS),
    );
    expect(
      (await api.call('POST', `/messages/${broken}/unsubscribe`, undefined, 'en')).json().message,
    ).toContain('news.test did not confirm the unsubscribe request.');
  });

  it('never posts to a private address', async () => {
    const id = await deliver(
      '내부 주소',
      await news.sign(
        newsletter(
          '내부 주소',
          'List-Unsubscribe: <http://169.254.169.254/latest/meta-data>\r\n' +
            'List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n',
        ),
        ONE_CLICK_HEADERS,
      ),
    );
    const answer = await api.call('POST', `/messages/${id}/unsubscribe`, undefined, 'en');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      'The unsubscribe address is not on the public internet, so no request was made.',
    );
  });

  it("another user's message is not found, offer or request", async () => {
    const id = await deliver(
      '주간 소식 5',
      await news.sign(newsletter('주간 소식 5', oneClickHeaders('/u5')), ONE_CLICK_HEADERS),
    );
    const other = mailApi(ctx, minji);
    const before = received.length;
    expect((await other.call('GET', `/messages/${id}/unsubscribe`)).statusCode).toBe(404);
    expect((await other.call('POST', `/messages/${id}/unsubscribe`)).statusCode).toBe(404);
    expect(received.length).toBe(before);
  });

  it(`holds one person to ${UNSUBSCRIBE_PER_MINUTE} requests a minute`, async () => {
    const id = await deliver(
      '주간 소식 6',
      await news.sign(newsletter('주간 소식 6', oneClickHeaders('/u6')), ONE_CLICK_HEADERS),
    );
    const statuses: number[] = [];
    for (let i = 0; i <= UNSUBSCRIBE_PER_MINUTE; i++) {
      statuses.push((await api.call('POST', `/messages/${id}/unsubscribe`)).statusCode);
    }
    // Earlier tests spent some of this minute's requests; the last is refused either way.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
