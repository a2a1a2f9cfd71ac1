import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import type { MailLogger } from '../../../src/lib/mail-logger.js';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { dataPayload, RawSmtpClient, sendMessage } from '../helpers/smtp-client.js';
import { partnerMessage as message, SmtpServers } from '../helpers/smtp-servers.js';

/*
 * Issue 32, finding 4: sessions kept open with NOOP from a few addresses filled every slot and a
 * real sender from another address was refused for minutes. Small limits here stand for the
 * defaults (100 slots, 20 per address, 10 reserved, 100 junk commands, 15 minutes a session).
 */

const MAX_CLIENTS = 10;
const PER_IP = 4;
const RESERVED = 2;
const JUNK_LIMIT = 20;

let ctx: TestServer;
let jun: SignedIn;
let smtpPort: number;
const servers = new SmtpServers();

beforeAll(async () => {
  ctx = await createTestServer({
    SMTP_MAX_CLIENTS: String(MAX_CLIENTS),
    SMTP_MAX_PER_IP: String(PER_IP),
    SMTP_RESERVED_SESSIONS: String(RESERVED),
    SMTP_JUNK_COMMAND_LIMIT: String(JUNK_LIMIT),
  });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  smtpPort = ctx.server.smtp?.port ?? 0;
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
});

async function inboxSubjects(): Promise<string[]> {
  const res = await fetch(`${ctx.server.httpUrl}/api/v1/messages?mailboxType=INBOX`, {
    headers: jun.headers,
  });
  expect(res.status).toBe(200);
  const page = (await res.json()) as { data: { content: { subject: string }[] } };
  return page.data.content.map((m) => m.subject);
}

/** Times a signed-in user's inbox request over and over until stopped; answers the slowest. */
function watchHttp(): { stop(): Promise<{ requests: number; slowestMs: number }> } {
  let running = true;
  let requests = 0;
  let slowestMs = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await inboxSubjects();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      requests += 1;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { requests, slowestMs };
    },
  };
}

/** Sends commands until one is not answered 2xx; answers how many were, and that reply. */
async function loopUntilRefused(client: RawSmtpClient, commands: string[]) {
  for (let answered = 0; answered < 1_000; answered += 1) {
    const reply = await client.command(commands[answered % commands.length] ?? 'NOOP');
    if (!/^2\d\d/.test(reply)) return { answered, reply };
  }
  return { answered: 1_000, reply: '' };
}

describe('sessions kept open with NOOP (the lock-out of issue 32)', () => {
  it('leave the reserved slots to a sender from another address, which delivers; the loopers get 421 at the junk limit', async () => {
    const http = watchHttp();
    const attackers = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
    // Every address holds a session first, then each asks for its whole share at once.
    const first = await Promise.all(attackers.map((a) => RawSmtpClient.connect(smtpPort, '127.0.0.1', a)));
    const more = await Promise.all(
      attackers.flatMap((a) =>
        Array.from({ length: PER_IP - 1 }, () => RawSmtpClient.connect(smtpPort, '127.0.0.1', a)),
      ),
    );
    const sessions = [...first, ...more];
    try {
      const held = sessions.filter(({ greeting }) => greeting.startsWith('220'));
      const refused = sessions.filter(({ greeting }) => greeting.startsWith('421'));
      expect(held).toHaveLength(MAX_CLIENTS - RESERVED);
      expect(refused).toHaveLength(attackers.length * PER_IP - (MAX_CLIENTS - RESERVED));
      expect(refused[0]?.greeting).toMatch(/too many connections from your address/i);
      for (const { client } of held) expect(await client.command('NOOP')).toMatch(/^250/);

      const sent = await sendMessage(
        smtpPort,
        { from: 'partner@example.com', to: ['jun@postline.local'] },
        message('예약된 자리로 도착', '다른 주소에서 보냈습니다.', 'Message-ID: <reserve@example.com>\r\n'),
        '127.0.0.7',
      );
      expect(sent.final).toMatch(/^250/);
      expect(await inboxSubjects()).toContain('예약된 자리로 도착');
      // The loopers still held their slots while it was delivered.
      for (const { client } of held) expect(client.isClosed).toBe(false);

      const loops = await Promise.all(held.map(({ client }) => loopUntilRefused(client, ['NOOP'])));
      for (const { answered, reply } of loops) {
        expect(answered).toBe(JUNK_LIMIT - 1); // the NOOP sent above counted as well
        expect(reply).toMatch(/^421 4\.7\.0 Too many commands without a message/);
      }
      await expect.poll(() => held.every(({ client }) => client.isClosed), { timeout: 10_000 }).toBe(true);
    } finally {
      for (const { client } of sessions) client.close();
    }
    const { requests, slowestMs } = await http.stop();
    expect(requests).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(2_000);
    expect((await fetch(`${ctx.server.httpUrl}/api/v1/health`)).status).toBe(200);
    const after = await RawSmtpClient.connect(smtpPort, '127.0.0.1', '127.0.0.2');
    expect(after.greeting).toMatch(/^220/);
    after.client.close();
  });

  it('counts RSET, VRFY, HELP and unknown commands too, and starts again after a delivered message', async () => {
    const limit = 6;
    const smtp = await servers.start(ctx.app.delivery, { limits: { junkCommandLimit: limit } });
    const { client } = await RawSmtpClient.connect(smtp.port);
    try {
      // EHLO, MAIL and DATA count (3); the recipient the server accepted does not.
      expect(await client.command('EHLO partner.example')).toMatch(/^250/);
      expect(await client.command('MAIL FROM:<partner@example.com>')).toMatch(/^250/);
      expect(await client.command('RCPT TO:<jun@postline.local>')).toMatch(/^250/);
      expect(await client.command('DATA')).toMatch(/^354/);
      client.write(dataPayload(message('세는 수 초기화', '배달되면 다시 셉니다.')));
      expect(await client.nextReply()).toMatch(/^250/);

      const mixed = ['RSET', 'VRFY jun@postline.local', 'HELP', 'NOOP', 'XYZZY'];
      const { answered, reply } = await loopUntilRefused(client, mixed);
      // XYZZY is answered 500 (not 2xx) by smtp-server and ends the loop unless it is the 421.
      expect({ answered, reply: reply.slice(0, 3) }).toEqual({ answered: 4, reply: '500' });
      expect(await client.command('NOOP')).toMatch(/^250/); // the sixth
      expect(await client.command('NOOP')).toMatch(/^421 4\.7\.0/);
      await expect.poll(() => client.isClosed, { timeout: 10_000 }).toBe(true);
    } finally {
      client.close();
    }
  });
});

describe('settings', () => {
  it('refuse to start with a reserve that leaves no slot to share', () => {
    expect(() => loadConfig({ SMTP_MAX_CLIENTS: '10', SMTP_RESERVED_SESSIONS: '10' })).toThrow(
      /SMTP_RESERVED_SESSIONS: must be less than SMTP_MAX_CLIENTS/,
    );
    expect(loadConfig({}).smtp.limits).toMatchObject({
      reservedSessions: 10,
      sessionLifetimeMs: 900_000,
      junkCommandLimit: 100,
    });
  });
});

describe('the session lifetime', () => {
  it('ends a session when its time is up, whatever it is doing', async () => {
    const smtp = await servers.start(ctx.app.delivery, { limits: { sessionLifetimeMs: 1_000 } });
    const started = performance.now();
    const { client } = await RawSmtpClient.connect(smtp.port);
    try {
      expect(await client.command('EHLO lingering.example')).toMatch(/^250/);
      const reply = await client.nextReply();
      expect(reply).toMatch(/^421 4\.4\.2 Session time limit/);
      expect(performance.now() - started).toBeGreaterThanOrEqual(990);
      await expect.poll(() => client.isClosed, { timeout: 10_000 }).toBe(true);
    } finally {
      client.close();
    }
  });

  it('lets a message under way finish and answers it before ending the session', async () => {
    const events: string[] = [];
    const logger: MailLogger = {
      info: () => undefined,
      error: () => undefined,
      warn: (obj) => events.push(String((obj as { reason?: string }).reason)),
    };
    const smtp = await servers.start(ctx.app.delivery, { logger, limits: { sessionLifetimeMs: 1_000 } });
    const { client } = await RawSmtpClient.connect(smtp.port, '127.0.0.1', '127.0.0.8');
    try {
      await client.command('EHLO slow-sender.example');
      await client.command('MAIL FROM:<partner@example.com>');
      await client.command('RCPT TO:<jun@postline.local>');
      expect(await client.command('DATA')).toMatch(/^354/);
      client.write(`Subject: =?UTF-8?B?${Buffer.from('시간 마감 전에').toString('base64')}?=\r\n`);
      await expect
        .poll(() => events, { timeout: 10_000 })
        .toContain('session lifetime, after the message under way');
      expect(client.isClosed).toBe(false);
      client.write('Message-ID: <lifetime@example.com>\r\n\r\n끝까지 받았습니다.\r\n.\r\n');
      expect(await client.nextReply()).toMatch(/^250/);
      expect(await client.nextReply()).toMatch(/^421 4\.4\.2 Session time limit/);
      await expect.poll(() => client.isClosed, { timeout: 10_000 }).toBe(true);
    } finally {
      client.close();
    }
    expect(await inboxSubjects()).toContain('시간 마감 전에');
  });
});

describe('after STARTTLS', () => {
  const run = promisify(execFile);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-tls-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the junk limit, the line deadline and the lifetime still hold on the encrypted lines', async () => {
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    await run('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost', '-keyout', keyFile, '-out', certFile],
    ]);
    const [key, cert] = [fs.readFileSync(keyFile), fs.readFileSync(certFile)];
    const limit = 5;
    const smtp = await servers.start(ctx.app.delivery, {
      tls: { key, cert },
      limits: { junkCommandLimit: limit, commandDeadlineMs: 1_000, sessionLifetimeMs: 3_000 },
    });

    const connect = async () => {
      const { client } = await RawSmtpClient.connect(smtp.port);
      expect(await client.command('EHLO tls.example')).toMatch(/^250/);
      const secure = await client.startTls({ ca: [cert], servername: 'localhost' });
      if (typeof secure === 'string') throw new Error(`STARTTLS refused: ${secure}`);
      expect(await secure.command('EHLO tls.example')).toMatch(/^250/);
      return secure;
    };
    const looper = await connect();
    const lingerer = await connect();
    const dribbler = await connect();
    try {
      dribbler.write('NOO');
      expect(await dribbler.nextReply()).toMatch(/^421 4\.4\.2 Timeout/);
      const { answered, reply } = await loopUntilRefused(looper, ['NOOP']);
      expect(answered).toBe(limit - 2); // both EHLOs count as well
      expect(reply).toMatch(/^421 4\.7\.0/);
      expect(await lingerer.nextReply()).toMatch(/^421 4\.4\.2 Session time limit/);
      await expect
        .poll(() => [looper, lingerer, dribbler].every((c) => c.isClosed), { timeout: 10_000 })
        .toBe(true);
    } finally {
      for (const client of [looper, lingerer, dribbler]) client.close();
    }
  });
});
