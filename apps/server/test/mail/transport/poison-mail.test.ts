import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundParser } from '../../../src/mail/transport/parse-pool.js';
import type { DeliveryDeps } from '../../../src/mail/pipeline/ports.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { whileAnotherUserWorks } from '../../helpers/responsiveness.js';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { eventually, messagesOf } from '../helpers/rows.js';
import { sendMessage } from '../helpers/smtp-client.js';
import { partnerMessage, SmtpServers } from '../helpers/smtp-servers.js';

/*
 * Issue 32: mail that cannot be read in time, or cannot be stored at all. The first is stored as
 * it came (its text as is, the source whole) instead of holding a worker or the event loop; the
 * second is answered 554 with a reason once retrying cannot help, instead of 451 for days.
 */

let dns: TestDnsServer;
let ctx: TestServer;
let jun: SignedIn;
let sora: SignedIn;
const servers = new SmtpServers();

beforeAll(async () => {
  dns = await startDnsServer({});
  ctx = await createTestServer({ SERVICES: 'web,smtp', SENDER_CHECKS: 'true', DNS_SERVERS: dns.address });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  sora = await signIn(ctx.app, 'sora@postline.local', '한소라');
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
  await dns?.close();
});

async function storedMessage(subject: string) {
  const row = await eventually(async () =>
    (await messagesOf(ctx.db.database, jun.user.id)).find((m) => m.subject === subject),
  );
  const res = await fetch(`${ctx.server.httpUrl}/api/v1/messages/${row.id}`, { headers: jun.headers });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Record<string, unknown> };
  const stored: Record<string, unknown> & { id: number } = { ...body.data, id: row.id };
  return stored;
}

describe('a message that cannot be read within the deadline', () => {
  it('is stored as it came, its text as is and its source whole, while others are answered', async () => {
    // A worker that must finish in a millisecond: no real message is read that fast.
    const parser = createInboundParser({ threads: 1, deadlineMs: 1, workerHeapMb: 256 });
    const delivery: DeliveryDeps = { ...ctx.app.delivery, parser };
    const server = await servers.start(delivery);
    const html = `<p>${'큰 뉴스레터 '.repeat(60_000)}</p>`;
    const message = Buffer.from(
      'From: Partner <partner@example.com>\r\nTo: jun@postline.local\r\nSubject: too slow to read\r\n' +
        'MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="b"\r\n\r\n' +
        `--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n--b--\r\n`,
    );
    try {
      const probe = await whileAnotherUserWorks(
        `${ctx.server.httpUrl}/api/v1/messages?mailboxType=INBOX`,
        sora.headers,
        sendMessage(server.port, { from: 'partner@example.com', to: ['jun@postline.local'] }, message),
      );
      expect(probe.result.final).toMatch(/^250 /);
      expect(probe.slowestMs).toBeLessThan(probe.promptMs);
      const stored = await storedMessage('too slow to read');
      expect(stored.bodyHtml).toBeNull();
      expect(stored.invitation).toBeNull();
      expect(stored.bodyText).toContain('--b\r\nContent-Type: text/html');
      expect(stored.bodyClipped).toBe(true);
      const original = await fetch(`${ctx.server.httpUrl}/api/v1/messages/${stored.id}/original`, {
        headers: jun.headers,
      });
      expect(original.status).toBe(200);
      expect(Buffer.from(await original.arrayBuffer()).includes(message.subarray(-2000))).toBe(true);
    } finally {
      await parser.close();
    }
  });
});

describe('a message that cannot be stored', () => {
  function failingDelivery(error: () => Error): DeliveryDeps {
    return {
      ...ctx.app.delivery,
      files: {
        ...ctx.app.delivery.files,
        async store() {
          throw error();
        },
      },
    };
  }

  it('is answered 554 at once when the database refuses its data', async () => {
    const refused = Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
    const server = await servers.start(failingDelivery(() => new Error('query failed', { cause: refused })));
    const result = await sendMessage(
      server.port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      partnerMessage('refused data', '본문'),
    );
    expect(result.final).toMatch(/^554 5\.6\.0 .*cannot be stored/);
  });

  it('is answered 451 twice, then 554, when the very same bytes keep failing', async () => {
    const server = await servers.start(failingDelivery(() => new Error('a bug in a step')));
    const message = partnerMessage('keeps failing', '본문', 'Message-ID: <keeps-failing@example.com>\r\n');
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await sendMessage(
        server.port,
        { from: 'partner@example.com', to: ['jun@postline.local'] },
        message,
      );
      answers.push(result.final.slice(0, 3));
    }
    expect(answers).toEqual(['451', '451', '554']);
  });

  it('keeps answering 451 while the database is away', async () => {
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const server = await servers.start(failingDelivery(() => away));
    const message = partnerMessage('database away', '본문', 'Message-ID: <away@example.com>\r\n');
    for (let attempt = 0; attempt < 4; attempt++) {
      const result = await sendMessage(
        server.port,
        { from: 'partner@example.com', to: ['jun@postline.local'] },
        message,
      );
      expect(result.final).toMatch(/^451 /);
    }
  });
});

describe('sender checks on hostile headers', () => {
  it('a NUL in a DKIM signature’s domain is stored without it, not refused for ever', async () => {
    const message = Buffer.from(
      'DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=evil\u0000.example; s=sel;\r\n' +
        ' h=from:subject; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA\r\n' +
        'From: Partner <partner@evil.example>\r\nTo: jun@postline.local\r\nSubject: nul in dkim\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\n\r\n본문\r\n',
      'utf8',
    );
    const result = await sendMessage(
      ctx.server.smtp!.port,
      { from: 'partner@evil.example', to: ['jun@postline.local'] },
      message,
    );
    expect(result.final).toMatch(/^250 /);
    const stored = await storedMessage('nul in dkim');
    expect(JSON.stringify(stored.authentication)).not.toContain('\\u0000');
  });
});
