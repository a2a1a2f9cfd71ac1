import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { rows } from '../helpers/rows.js';
import { RawSmtpClient, sendMessage } from '../helpers/smtp-client.js';
import { partnerMessage as message, SmtpServers } from '../helpers/smtp-servers.js';

/* What one sender may hold of inbound SMTP (issue 11): sessions per address, deadlines, memory. */

let ctx: TestContext;
const servers = new SmtpServers();

beforeAll(async () => {
  ctx = await createTestApp();
  await signIn(ctx.app, 'jun@postline.local', '이준');
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
});

describe('slow senders (slowloris)', () => {
  it('100 slow connections from one address take at most its share; another sender still gets 250', async () => {
    const server = await servers.start(ctx.app.delivery, {
      limits: { perIpSessions: 20, maxClients: 100 },
    });
    const slow = await Promise.all(
      Array.from({ length: 100 }, () => RawSmtpClient.connect(server.port, '127.0.0.1', '127.0.0.1')),
    );
    try {
      // Each one starts a command and dribbles: one byte, then nothing.
      for (const { client } of slow) client.write('E');
      const refused = slow.filter(({ greeting }) => greeting.startsWith('421'));
      const admitted = slow.filter(({ greeting }) => greeting.startsWith('220'));
      expect(admitted).toHaveLength(20);
      expect(refused).toHaveLength(80);
      expect(refused[0]!.greeting).toMatch(/too many connections from your address/i);

      const result = await sendMessage(
        server.port,
        { from: 'other@example.net', to: ['jun@postline.local'] },
        message('from another server', 'still arrives', 'Message-ID: <other-server@example.net>\r\n'),
        '127.0.0.2',
      );
      expect(result.final).toMatch(/^250/);
    } finally {
      for (const { client } of slow) client.close();
    }
  });

  it('a line not finished by the line deadline ends the connection with 421', async () => {
    const server = await servers.start(ctx.app.delivery, { limits: { commandDeadlineMs: 1_000 } });
    const { client, greeting } = await RawSmtpClient.connect(server.port);
    expect(greeting).toMatch(/^220/);
    expect(await client.command('EHLO slow.example')).toMatch(/^250/);
    client.write('MAIL FR');
    const reply = await client.nextReply();
    expect(reply).toMatch(/^421/);
    await expect.poll(() => client.isClosed, { timeout: 10_000 }).toBe(true);
  });

  it('a message still streaming at the DATA deadline is cut and not stored', async () => {
    const server = await servers.start(ctx.app.delivery, { limits: { dataDeadlineMs: 1_500 } });
    const { client } = await RawSmtpClient.connect(server.port);
    await client.command('EHLO slow.example');
    await client.command('MAIL FROM:<slow@example.com>');
    await client.command('RCPT TO:<jun@postline.local>');
    expect(await client.command('DATA')).toMatch(/^354/);
    client.write('Subject: never finished\r\nMessage-ID: <never@example.com>\r\n\r\nline one\r\n');
    // Whole lines keep coming, each well within the line deadline, but the message never ends.
    const dribble = setInterval(() => client.write('more\r\n'), 200);
    try {
      await expect.poll(() => client.isClosed, { timeout: 15_000 }).toBe(true);
    } finally {
      clearInterval(dribble);
    }
    const stored = await rows(
      ctx.db.database,
      sql`SELECT id FROM messages WHERE message_id_header = '<never@example.com>'`,
    );
    expect(stored).toHaveLength(0);
  });
});

describe('large messages', () => {
  it('are spooled to a file while they arrive, stored whole, and the file is removed', async () => {
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-spool-'));
    const server = await servers.start(ctx.app.delivery, { spoolDir });
    const attachment = Buffer.alloc(3 * 1024 * 1024, 7)
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n');
    const raw = Buffer.from(
      'From: big@example.com\r\nTo: jun@postline.local\r\nSubject: big file\r\n' +
        'Message-ID: <spooled@example.com>\r\nMIME-Version: 1.0\r\n' +
        'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\n\r\n첨부합니다\r\n--b1\r\n' +
        'Content-Type: application/octet-stream; name="data.bin"\r\n' +
        'Content-Disposition: attachment; filename="data.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n' +
        `${attachment}\r\n--b1--\r\n`,
    );
    const watcher = fs.watch(spoolDir);
    let spooled = false;
    watcher.on('change', () => (spooled = true));
    try {
      const result = await sendMessage(
        server.port,
        { from: 'big@example.com', to: ['jun@postline.local'] },
        raw,
      );
      expect(result.final).toMatch(/^250/);
    } finally {
      watcher.close();
    }
    expect(spooled).toBe(true);
    expect(fs.readdirSync(spoolDir)).toEqual([]);
    const [stored] = await rows<{ attachment_count: number; body_text: string }>(
      ctx.db.database,
      sql`SELECT attachment_count, body_text FROM messages WHERE message_id_header = '<spooled@example.com>'`,
    );
    expect(stored).toMatchObject({ attachment_count: 1 });
    expect(stored?.body_text).toContain('첨부합니다');
  });

  it('arriving together all get 250 when the parse budget fits only one at a time', async () => {
    const server = await servers.start(ctx.app.delivery, { parseBudgetBytes: 1024 * 1024 });
    const body = 'x'.repeat(76) + '\r\n';
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sendMessage(
          server.port,
          { from: 'many@example.com', to: ['jun@postline.local'] },
          message(`budget ${i}`, body.repeat(12_000), `Message-ID: <budget-${i}@example.com>\r\n`),
        ),
      ),
    );
    expect(results.map((r) => r.final.slice(0, 3))).toEqual(Array(6).fill('250'));
  });
});
