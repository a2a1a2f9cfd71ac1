import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { messagesOf } from '../helpers/rows.js';
import { RawSmtpClient, sendMessage } from '../helpers/smtp-client.js';
import { partnerMessage as message, SmtpServers } from '../helpers/smtp-servers.js';

/* Inbound SMTP's recipients: who gets a copy, who is refused at RCPT, and when (smtp-in.ts). */

let ctx: TestContext;
let smtp: Awaited<ReturnType<SmtpServers['start']>>;
let jun: SignedIn;
let minji: SignedIn;
const servers = new SmtpServers();

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  smtp = await servers.start(ctx.app.delivery);
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
});

describe('inbound SMTP recipients', () => {
  it('gives every recipient a copy, naming Bcc only to the Bcc recipient', async () => {
    const result = await sendMessage(
      smtp.port,
      { from: 'partner@example.com', to: ['jun@postline.local', 'minji@postline.local'] },
      message('둘에게', 'hello', 'Message-ID: <two@example.com>\r\n'),
    );
    expect(result.final).toMatch(/^250/);
    const junCopy = (await messagesOf(ctx.db.database, jun.user.id)).find(
      (m) => m.message_id_header === '<two@example.com>',
    );
    const minjiCopy = (await messagesOf(ctx.db.database, minji.user.id)).find(
      (m) => m.message_id_header === '<two@example.com>',
    );
    expect(junCopy?.bcc_addresses).toEqual([]);
    expect(minjiCopy?.bcc_addresses).toEqual([{ address: 'minji@postline.local', name: null }]);
  });

  it('refuses a recipient who does not exist with 550 5.1.1 and a clear text', async () => {
    const { client } = await RawSmtpClient.connect(smtp.port);
    await client.command('EHLO test.example');
    await client.command('MAIL FROM:<partner@example.com>');
    const unknown = await client.command('RCPT TO:<nobody@postline.local>');
    expect(unknown).toMatch(/^550 5\.1\.1 <nobody@postline\.local>: no such user here/);
    expect(await client.command('DATA')).toMatch(/^503/);
    expect(await client.command('RCPT TO:<jun@postline.local>')).toMatch(/^250/);
    client.close();
  });

  it('accepts an address refused a moment ago as soon as its user exists', async () => {
    const { client } = await RawSmtpClient.connect(smtp.port);
    await client.command('EHLO test.example');
    await client.command('MAIL FROM:<partner@example.com>');
    expect(await client.command('RCPT TO:<newcomer@postline.local>')).toMatch(/^550 5\.1\.1/);
    const newcomer = await signIn(ctx.app, 'newcomer@postline.local', '새사람');
    // Found users are remembered for a minute (recipients.ts); one not found is asked again.
    expect(await client.command('RCPT TO:<Newcomer@postline.local>')).toMatch(/^250/);
    client.close();
    await sendMessage(
      smtp.port,
      { from: 'partner@example.com', to: ['newcomer@postline.local'] },
      message('처음 받는 편지', '반갑습니다'),
    );
    const stored = await messagesOf(ctx.db.database, newcomer.user.id);
    expect(stored.map((m) => m.subject)).toEqual(['처음 받는 편지']);
  });
});
