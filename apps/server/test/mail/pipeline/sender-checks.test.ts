import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimSigner } from '../../helpers/dkim-signer.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../../modules/messages/mail-api.js';
import { sendMessage } from '../helpers/smtp-client.js';
import { SmtpServers } from '../helpers/smtp-servers.js';

/*
 * Inbound SMTP with the sender checks on (issue 15), against a real DNS server on loopback that
 * publishes the test domains' SPF, DKIM and DMARC records: a signed mail is verified, a spoof of
 * our own domain lands in Spam with warnings, a p=reject domain's forgery is refused at DATA, and
 * a filter acts on the verdict at delivery.
 */
const partner = dkimSigner('partner.test', 'sel1');

let dns: TestDnsServer;
let ctx: TestContext;
let jun: SignedIn;
let api: MailApi;
let port: number;
const servers = new SmtpServers();

beforeAll(async () => {
  dns = await startDnsServer({
    'partner.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
    'sel1._domainkey.partner.test': { TXT: [partner.record] },
    '_dmarc.partner.test': { TXT: ['v=DMARC1; p=reject'] },
    'postline.local': { TXT: ['v=spf1 ip4:192.0.2.99 -all'] },
    '_dmarc.postline.local': { TXT: ['v=DMARC1; p=quarantine'] },
    'strict-bank.test': { TXT: ['v=spf1 ip4:192.0.2.50 -all'] },
    '_dmarc.strict-bank.test': { TXT: ['v=DMARC1; p=reject'] },
    'loose.test': { TXT: ['v=spf1 ip4:192.0.2.60 -all'] },
    '_dmarc.loose.test': { TXT: ['v=DMARC1; p=none'] },
  });
  ctx = await createTestApp({
    SENDER_CHECKS: 'true',
    DNS_SERVERS: dns.address,
    MAIL_DOMAIN: 'postline.local',
    MAIL_HOST: 'mx.postline.local',
  });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  api = mailApi(ctx, jun);
  port = (await servers.start(ctx.app.delivery)).port;
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
  await dns?.close();
});

function message(from: string, subject: string): Buffer {
  return Buffer.from(
    `From: ${from}\r\nTo: jun@postline.local\r\nSubject: ${subject}\r\nDate: Thu, 26 Nov 2026 10:00:00 +0000\r\n` +
      `Message-ID: <${crypto.randomUUID()}@test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n확인 부탁드립니다.\r\n`,
  );
}

/** The message with this subject in any of jun's folders (Spam included), in full; null if none. */
async function stored(subject: string) {
  const flatten = (tree: { id: number; children: unknown[] }[]): number[] =>
    tree.flatMap((box) => [box.id, ...flatten(box.children as { id: number; children: unknown[] }[])]);
  for (const mailboxId of flatten(await api.data('GET', '/mailboxes'))) {
    const page = await api.data('GET', `/messages?mailboxId=${mailboxId}&size=100`);
    const row = page.content.find((m: { subject: string }) => m.subject === subject);
    if (row) return api.data('GET', `/messages/${row.id}`);
  }
  return null;
}

describe('sender checks on inbound SMTP', () => {
  it('a signed mail from its own server is verified, and the source carries Authentication-Results', async () => {
    const result = await sendMessage(
      port,
      { from: 'sujin@partner.test', to: ['jun@postline.local'] },
      await partner.sign(message('Sujin <sujin@partner.test>', '견적서 송부')),
    );
    expect(result.final).toMatch(/^250 /);
    const mail = await stored('견적서 송부');
    // On top of the source, above this hop's Received line, as a receiving MTA writes them.
    const original = (await api.call('GET', `/messages/${mail.id}/original`)).body;
    const added = original.slice(0, original.indexOf('\nReceived: '));
    expect(mail.mailboxType).toBe('INBOX');
    expect(mail.authentication, added).toMatchObject({
      spf: { result: 'pass', domain: 'partner.test' },
      dkim: { result: 'pass', domain: 'partner.test' },
      dmarc: { result: 'pass', domain: 'partner.test' },
      verified: true,
      warnings: [],
    });
    expect(added).toMatch(/^Received-SPF: pass /);
    expect(added).toMatch(/\nAuthentication-Results: mx\.postline\.local;/);
    expect(added).toMatch(/dkim=pass[\s\S]*dmarc=pass/);
  });

  it('Authentication-Results in our own name are dropped from the stored source (RFC 8601 §5), others kept', async () => {
    // Forged ones as a stranger might write them: folded, with a comment, quoted, in other cases.
    const forged = [
      'Authentication-Results: mx.postline.local; dmarc=pass header.from=partner.test\r\n',
      'Authentication-Results: (checked)\r\n MX.Postline.Local;\r\n\tdkim=pass header.d=partner.test\r\n',
      'authentication-results:"mx.postline.local"; spf=pass\r\n',
    ];
    const kept =
      'Authentication-Results: mx.partner.test; dkim=pass header.d=partner.test\r\n' +
      'X-Authentication-Results: mx.postline.local; spf=pass\r\n';
    const head =
      `${forged[0]}From: Sujin <sujin@partner.test>\r\n${forged[1]}To: jun@postline.local\r\n` +
      `Subject: 계약서 초안\r\n${kept}${forged[2]}Date: Thu, 26 Nov 2026 10:00:00 +0000\r\n` +
      `Message-ID: <${crypto.randomUUID()}@test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n`;
    // The same words in the body are the body's, not a header.
    const body = 'Authentication-Results: mx.postline.local; dmarc=pass\r\n초안을 보냅니다.\r\n';
    const raw = await partner.sign(Buffer.from(head + body));
    const result = await sendMessage(port, { from: 'sujin@partner.test', to: ['jun@postline.local'] }, raw);
    expect(result.final).toMatch(/^250 /);
    const mail = await stored('계약서 초안');
    expect(mail.authentication.dmarc.result).toBe('pass');
    const original: string = (await api.call('GET', `/messages/${mail.id}/original`)).body;
    const header = original.slice(0, original.indexOf('\r\n\r\n'));
    const ours = [...header.matchAll(/^Authentication-Results:\s*(?:\([^)]*\)\s*)?"?mx\.postline\.local/gim)];
    expect(ours).toHaveLength(1);
    expect(ours[0]!.index).toBe(original.indexOf('Authentication-Results:'));
    // Ours, above this hop's Received line, as the first test saw.
    expect(ours[0]!.index).toBeLessThan(header.indexOf('\nReceived: '));
    // Every other byte as it came: the message less the forged fields, behind our trace.
    let expected = raw.toString('utf8');
    for (const field of forged) expected = expected.replace(field, '');
    expect(original.endsWith(expected)).toBe(true);
    expect(original).toContain(kept);
  });

  it("names and a Sender header written to be misread are flagged, even on a genuine sender's mail", async () => {
    const encoded = (name: string) => `=?UTF-8?B?${Buffer.from(name).toString('base64')}?=`;
    const vectors = [
      { name: 'ceo＠bank.example', sender: null, warnings: ['displayNameAddress'] },
      { name: '\u202eelpmaxe.knab@oec\u202c', sender: null, warnings: ['displayNameAddress'] },
      { name: 'Postline 보안팀 (postline․local)', sender: null, warnings: ['displayNameDomain'] },
      { name: 'Sujin', sender: '대표이사 <ceo@postline.local>', warnings: ['ownDomainSender'] },
    ];
    for (const [i, vector] of vectors.entries()) {
      const subject = `결제 안내 ${i}`;
      const raw = message(`${encoded(vector.name)} <sujin@partner.test>`, subject);
      const withSender = vector.sender
        ? Buffer.concat([Buffer.from(`Sender: ${vector.sender}\r\n`), raw])
        : raw;
      const result = await sendMessage(
        port,
        { from: 'sujin@partner.test', to: ['jun@postline.local'] },
        await partner.sign(withSender),
      );
      expect(result.final).toMatch(/^250 /);
      const mail = await stored(subject);
      expect(mail.authentication, vector.name).toMatchObject({ verified: true, warnings: vector.warnings });
      // The reader still sees the name as it came; the warning says what it hides.
      expect(mail.fromName).toBe(vector.name);
    }
  });

  it('a forged From of our own domain goes to Spam, with both warnings', async () => {
    const result = await sendMessage(
      port,
      { from: 'ceo@postline.local', to: ['jun@postline.local'] },
      message('대표이사 <ceo@postline.local>', '긴급 송금 요청'),
    );
    expect(result.final).toMatch(/^250 /);
    const mail = await stored('긴급 송금 요청');
    expect(mail.mailboxType).toBe('SPAM');
    expect(mail.authentication.verified).toBe(false);
    expect(mail.authentication.warnings).toEqual(['dmarcFailed', 'ownDomainUnverified']);
  });

  it('a forgery of a p=reject domain is refused at DATA with the reason, and nothing is stored', async () => {
    const result = await sendMessage(
      port,
      { from: 'security@strict-bank.test', to: ['jun@postline.local'] },
      message('Strict Bank <security@strict-bank.test>', '계좌 잠금 안내'),
    );
    expect(result.final).toMatch(
      /^557 5\.7\.1 The sender's domain strict-bank\.test did not authorise this mail \(DMARC p=reject\)/,
    );
    expect(await stored('계좌 잠금 안내')).toBeNull();
  });

  it('a filter on the sender check acts at delivery: a p=none failure is filed where the filter says', async () => {
    const folder = await api.data('POST', '/mailboxes', { name: '의심 메일' });
    const created = await api.call('POST', '/filters', {
      name: '확인 실패 메일 분리',
      conditions: [{ conditionType: 'SENDER_CHECK', operator: 'EQUALS', value: 'FAILED' }],
      actions: [{ actionType: 'MOVE_TO_FOLDER', actionValue: String(folder.id) }],
    });
    expect(created.statusCode).toBe(201);
    const result = await sendMessage(
      port,
      { from: 'news@loose.test', to: ['jun@postline.local'] },
      message('Loose <news@loose.test>', '이번 주 소식'),
    );
    expect(result.final).toMatch(/^250 /);
    const mail = await stored('이번 주 소식');
    expect(mail.mailboxId).toBe(folder.id);
    expect(mail.authentication.dmarc).toMatchObject({ result: 'fail', policy: 'none' });
  });
});
