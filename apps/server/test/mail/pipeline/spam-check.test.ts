import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spamFilterAvailable, startSpamFilter, type SpamFilterStack } from '../../helpers/rspamd-server.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../../modules/messages/mail-api.js';
import { sendMessage } from '../helpers/smtp-client.js';
import { partnerMessage, SmtpServers } from '../helpers/smtp-servers.js';

/*
 * Spam scoring at DATA (issue 15) with a real rspamd: its GTUBE test string makes it answer
 * "reject" (refused before the 250), a message without Date, Message-ID and MIME-Version scores
 * "add header" (filed in Spam), ordinary mail is delivered; the score and symbols are kept on the
 * source for "show original".
 */
const available = await spamFilterAvailable('the spam-check test');

const GTUBE_REJECT = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';

/** A message as a well-behaved mail program writes it: every header rspamd expects. */
function wellFormed(subject: string, body: string): Buffer {
  const encoded = `=?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`;
  return Buffer.from(
    `From: Partner <partner@example.com>\r\nTo: Jun <jun@postline.local>\r\nSubject: ${encoded}\r\n` +
      `Date: Thu, 26 Nov 2026 10:00:00 +0900\r\nMessage-ID: <${Date.now()}.${Math.random()}@example.com>\r\n` +
      `MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}\r\n`,
  );
}

let spam: SpamFilterStack;
let ctx: TestContext;
let jun: SignedIn;
let api: MailApi;
let port: number;
const servers = new SmtpServers();

beforeAll(async () => {
  if (!available) return;
  spam = await startSpamFilter();
  ctx = await createTestApp(spam.env);
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  api = mailApi(ctx, jun);
  port = (await servers.start(ctx.app.delivery)).port;
}, 180_000);
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
  await spam?.stop();
});

async function folderOf(subject: string): Promise<{ id: number; type: string } | null> {
  for (const type of ['INBOX', 'SPAM']) {
    const page = await api.call('GET', `/messages?mailboxType=${type}&size=100`);
    if (page.statusCode !== 200) continue;
    const row = page.json().data.content.find((m: { subject: string }) => m.subject === subject);
    if (row) return { id: row.id, type };
  }
  return null;
}

describe.skipIf(!available)('rspamd scores inbound mail before the 250', () => {
  it('ordinary mail is delivered, its score kept on the source', async () => {
    const result = await sendMessage(
      port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      wellFormed('다음 주 회의 일정', '화요일 10시에 뵙겠습니다.'),
    );
    expect(result.final).toMatch(/^250 /);
    const found = await folderOf('다음 주 회의 일정');
    const shown = (await api.call('GET', `/messages/${found?.id}/original`)).body.split('\nReceived:')[0];
    expect(found?.type, shown).toBe('INBOX');
    const original = (await api.call('GET', `/messages/${found?.id}/original`)).body;
    expect(original).toMatch(/^X-Spamd-Result: default: False \[-?\d+\.\d\d \/ \d+\.\d\d\];/m);
    expect(original).toMatch(/^X-Spam-Action: no action\r?$/m);
  });

  it('a score the message wrote itself is not kept under ours', async () => {
    const forged = Buffer.concat([
      Buffer.from(
        'X-Spamd-Result: default: False [-50.00 / 15.00]; TRUST_ME(-50.00)\r\nX-Spam-Action: no action\r\n',
      ),
      wellFormed('점수를 적어 온 메일', '본문입니다.'),
    ]);
    const result = await sendMessage(
      port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      forged,
    );
    expect(result.final).toMatch(/^250 /);
    const found = await folderOf('점수를 적어 온 메일');
    const original = (await api.call('GET', `/messages/${found?.id}/original`)).body;
    expect(original.match(/^X-Spamd-Result:/gm)).toHaveLength(1);
    expect(original.match(/^X-Spam-Action:/gm)).toHaveLength(1);
    expect(original).not.toContain('TRUST_ME');
  });

  it('mail rspamd would reject is refused at DATA and not stored', async () => {
    const result = await sendMessage(
      port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      partnerMessage('대박 기회', `지금 클릭하세요 ${GTUBE_REJECT}`),
    );
    expect(result.final).toMatch(/^557 5\.7\.1 Message refused as spam \(score \d+\.\d\)/);
    expect(await folderOf('대박 기회')).toBeNull();
  });

  it('mail rspamd marks as junk (no Date, Message-ID or MIME-Version) goes to Spam, its symbols on the source', async () => {
    const result = await sendMessage(
      port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      partnerMessage('특가 안내', '오늘만 특가'),
    );
    expect(result.final).toMatch(/^250 /);
    const found = await folderOf('특가 안내');
    expect(found?.type).toBe('SPAM');
    const original = (await api.call('GET', `/messages/${found?.id}/original`)).body;
    expect(original).toMatch(/^X-Spamd-Result: default: True \[\d+\.\d\d \/ \d+\.\d\d\]; .*MISSING_MID\(/m);
    expect(original).toMatch(/^X-Spam-Action: add header\r?$/m);
  });
});
