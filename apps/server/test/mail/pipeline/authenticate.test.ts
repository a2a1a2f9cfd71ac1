import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticateInbound,
  type AuthenticationInput,
} from '../../../src/mail/pipeline/trust/authenticate.js';
import { createDnsResolver } from '../../../src/mail/pipeline/trust/dns-resolver.js';
import { dkimSigner } from '../../helpers/dkim-signer.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';

/*
 * The sender checks against a real DNS server on loopback publishing the test domains' SPF, DKIM
 * and DMARC records, with messages signed by a real key: never a stubbed mailauth.
 */
const partner = dkimSigner('partner.test', 'sel1');
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({
    'partner.test': { TXT: ['v=spf1 ip4:192.0.2.10 -all'] },
    'sel1._domainkey.partner.test': { TXT: [partner.record] },
    '_dmarc.partner.test': { TXT: ['v=DMARC1; p=reject'] },
    'postline.local': { TXT: ['v=spf1 ip4:192.0.2.99 -all'] },
    '_dmarc.postline.local': { TXT: ['v=DMARC1; p=quarantine'] },
  });
});
afterAll(async () => dns?.close());

function message(from: string, subject: string): Buffer {
  return Buffer.from(
    `From: ${from}\r\nTo: jun@postline.local\r\nSubject: ${subject}\r\nDate: Thu, 26 Nov 2026 10:00:00 +0000\r\n` +
      `Message-ID: <${crypto.randomUUID()}@partner.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n견적서를 보냅니다.\r\n`,
  );
}

function input(
  raw: Buffer,
  from: AuthenticationInput['from'],
  ip: string,
  sender: string,
): AuthenticationInput {
  return {
    source: [raw],
    envelope: { ip, helo: 'mx.partner.test', sender },
    from,
    ownDomain: 'postline.local',
    mta: 'mx.postline.local',
    resolver: createDnsResolver({ servers: [dns.address], timeoutMs: 2_000, tries: 1 }),
  };
}

describe('who really sent it', () => {
  it('a signed mail from its own servers passes SPF, DKIM and DMARC and is verified', async () => {
    const raw = await partner.sign(message('Sujin <sujin@partner.test>', '견적서'));
    const result = await authenticateInbound(
      input(raw, { address: 'sujin@partner.test', name: 'Sujin' }, '192.0.2.10', 'sujin@partner.test'),
    );
    expect(result.verdict).toEqual({
      spf: { result: 'pass', domain: 'partner.test' },
      dkim: { result: 'pass', domain: 'partner.test' },
      dmarc: { result: 'pass', domain: 'partner.test', policy: 'reject' },
      arc: { result: 'none' },
      verified: true,
      warnings: [],
    });
    expect(result.headers).toMatch(/^Authentication-Results: mx\.postline\.local;/m);
    expect(result.headers).toMatch(/dmarc=pass/);
    expect(result.headers.endsWith('\r\n')).toBe(true);
  });

  it("a mail claiming this server's own domain from outside fails DMARC and is flagged twice", async () => {
    const raw = message('CEO <ceo@postline.local>', '긴급 송금 요청');
    const result = await authenticateInbound(
      input(raw, { address: 'ceo@postline.local', name: 'CEO' }, '203.0.113.5', 'ceo@postline.local'),
    );
    expect(result.verdict.spf.result).toBe('fail');
    expect(result.verdict.dmarc).toMatchObject({
      result: 'fail',
      domain: 'postline.local',
      policy: 'quarantine',
    });
    expect(result.verdict.verified).toBe(false);
    expect(result.verdict.warnings).toEqual(['dmarcFailed', 'ownDomainUnverified']);
  });

  it('a display name that is another address is flagged even when the sender is genuine', async () => {
    const raw = await partner.sign(message('"billing@bank.example" <sujin@partner.test>', '청구서'));
    const result = await authenticateInbound(
      input(
        raw,
        { address: 'sujin@partner.test', name: 'billing@bank.example' },
        '192.0.2.10',
        'sujin@partner.test',
      ),
    );
    expect(result.verdict.verified).toBe(true);
    expect(result.verdict.warnings).toEqual(['displayNameAddress']);
  });

  it('a body changed on the way loses its DKIM pass; with SPF passing DMARC still holds', async () => {
    const raw = await partner.sign(message('Sujin <sujin@partner.test>', '견적서'));
    const changed = Buffer.from(raw.toString('utf8').replace('견적서를 보냅니다.', '계좌가 바뀌었습니다.'));
    const result = await authenticateInbound(
      input(changed, { address: 'sujin@partner.test' }, '192.0.2.10', 'sujin@partner.test'),
    );
    // mailauth reports a body hash that does not match as `neutral` (RFC 6376 6.3: not a pass).
    expect(result.verdict.dkim.result).toBe('neutral');
    expect(result.verdict.dmarc.result).toBe('pass');
  });

  it('when DNS does not answer, every check is a temporary error and nothing is lost', async () => {
    const raw = message('Sujin <sujin@partner.test>', '견적서');
    const silent = { ...input(raw, { address: 'sujin@partner.test' }, '192.0.2.10', 'sujin@partner.test') };
    // A UDP port nothing answers on: each query times out.
    silent.resolver = createDnsResolver({ servers: ['127.0.0.1:9'], timeoutMs: 300, tries: 1 });
    const result = await authenticateInbound(silent);
    expect(result.verdict.verified).toBe(false);
    expect(['temperror', 'none']).toContain(result.verdict.dmarc.result);
    expect(result.verdict.spf.result).toBe('temperror');
    expect(result.headers).toMatch(/^Authentication-Results: /m);
  });
});
