import { describe, expect, it } from 'vitest';
import type { MessageAuthentication } from '@postline/shared/messages';
import { senderWarnings } from '../../../src/mail/pipeline/trust/authenticate.js';

/*
 * Display names written to be misread (issue 32): each vector of the attack run, the spellings
 * around it, and names that must not be flagged. The verdict is a genuine sender's (DMARC pass),
 * so every warning here comes from the names and headers alone.
 */
const genuine: Pick<MessageAuthentication, 'dmarc' | 'dkim'> = {
  dmarc: { result: 'pass', domain: 'partner.test', policy: 'reject' },
  dkim: { result: 'pass', domain: 'partner.test' },
};
const OWN = 'postline.local';
const warned = (name: string, address = 'sujin@partner.test', sender: string | null = null) =>
  senderWarnings(genuine, { address, name }, OWN, sender);

describe('a display name that shows another address', () => {
  it.each([
    ['the plain spelling', 'ceo@bank.example'],
    ['a fullwidth at sign (U+FF20)', 'ceo＠bank.example'],
    ['a small commercial at (U+FE6B)', 'ceo﹫bank.example'],
    ['one dot leader (U+2024) as the dot', 'ceo@bank․example'],
    ['an ideographic full stop as the dot', 'ceo@bank。example'],
    ['zero-width spaces inside', 'ceo@\u200bbank.\u200dexample'],
    ['a right-to-left override showing it reversed', '\u202eelpmaxe.knab@oec\u202c'],
    ['an override left open', 'Bank \u202eelpmaxe.knab@oec'],
    ['an isolate and a mark around it', '\u2067ceo@bank.example\u2069\u200f'],
  ])('flags %s', (_what, name) => {
    expect(warned(name)).toEqual(['displayNameAddress']);
  });

  it("is not flagged when it is the sender's own address, however spelled", () => {
    expect(warned('SUJIN＠partner․test')).toEqual([]);
    expect(warned('\u202etset.rentrap@nijus\u202c')).toEqual([]);
  });
});

describe('a display name that names a domain', () => {
  it.each([
    ['our own domain', 'Postline 보안팀 (postline.local)'],
    ['our own domain with U+2024', 'Postline 보안팀 (postline․local)'],
    ['a subdomain of ours, fullwidth', 'ｍａｉｌ．ｐｏｓｔｌｉｎｅ．ｌｏｃａｌ 관리자'],
    ['our own domain reversed by an override', '\u202elacol.eniltsop\u202c 보안팀'],
    ['a public domain that is not the sender’s', 'PayPal 보안 (paypal.com)'],
    ['a public domain with a hidden joiner', 'paypal\u2060.com'],
  ])('flags %s', (_what, name) => {
    expect(warned(name)).toEqual(['displayNameDomain']);
  });

  it("is not flagged for the sender's own organisation, brand names or ordinary names", () => {
    expect(warned('Booking.com', 'noreply@mail.booking.com')).toEqual([]);
    expect(warned('Naver (naver.com)', 'no-reply@news.naver.com')).toEqual([]);
    expect(warned('Postline 보안팀 (postline.local)', 'security@postline.local')).toEqual([]);
    for (const name of [
      '김민지',
      'Node.js Weekly',
      'Vue.js 소식',
      '기획·개발팀',
      'Ver. 2.0 공지',
      'J. R. Kim',
    ])
      expect(warned(name)).toEqual([]);
  });
});

describe('a Sender header ("on behalf of")', () => {
  it('on our own domain, on mail from outside, is flagged', () => {
    expect(warned('Sujin', 'sujin@partner.test', 'ceo@postline.local')).toEqual(['ownDomainSender']);
    expect(warned('Sujin', 'sujin@partner.test', 'it@Mail.Postline.Local')).toEqual(['ownDomainSender']);
  });

  it("on another domain, or signed by our own domain's key, is not", () => {
    expect(warned('Sujin', 'sujin@partner.test', 'list-bounces@lists.partner.test')).toEqual([]);
    const ownSigned = { ...genuine, dkim: { result: 'pass' as const, domain: OWN } };
    expect(senderWarnings(ownSigned, { address: 'x@partner.test' }, OWN, 'ceo@postline.local')).toEqual([]);
  });

  it('adds nothing when the From address already claims our domain: that warning says it', () => {
    const spoof = {
      dmarc: { result: 'fail' as const, domain: OWN, policy: 'quarantine' },
      dkim: genuine.dkim,
    };
    expect(senderWarnings(spoof, { address: 'ceo@postline.local' }, OWN, 'ceo@postline.local')).toEqual([
      'dmarcFailed',
      'ownDomainUnverified',
    ]);
  });
});
