import { Readable } from 'node:stream';
import { authenticate } from 'mailauth';
import {
  SENDER_CHECK_RESULTS,
  type MessageAuthentication,
  type SenderCheckResult,
  type SenderWarning,
} from '@postline/shared/messages';
import { addressesIn, domainsIn, isUnder, readingsOf, sameOrganisation } from './display-name.js';
import type { DnsResolve } from './dns-resolver.js';

/*
 * Who really sent an inbound message (issue 15): SPF, DKIM, DMARC and ARC through mailauth, with
 * DNS through the server's own resolver. The verdicts are stored with the message and shown to the
 * user; the Authentication-Results header goes on top of the stored source. A check that cannot be
 * made (DNS down, a bug) is a `temperror`, never a reason to lose the mail.
 */

export interface SmtpEnvelope {
  /** The connecting client's address. */
  ip: string;
  /** What it said in EHLO/HELO. */
  helo: string;
  /** MAIL FROM; empty for bounces. */
  sender: string;
}

export interface AuthenticationInput {
  /** The message as received (the chunks of its source). */
  source: readonly Buffer[];
  envelope: SmtpEnvelope;
  /** The From header's address and display name, as parsed. */
  from: { address: string; name?: string | null | undefined };
  /** The Sender header's address (RFC 5322 §3.6.2), when the message has one. */
  senderHeader?: string | null;
  /** This server's domain (MAIL_DOMAIN): mail claiming it must prove it. */
  ownDomain: string;
  /** The host name written as the authserv-id of Authentication-Results. */
  mta: string;
  resolver: DnsResolve;
}

export interface InboundAuthentication {
  /** Header lines (CRLF-terminated) to put on top of the stored source. */
  headers: string;
  verdict: MessageAuthentication;
}

interface CheckStatus {
  status?: { result?: string };
  domain?: string;
  signingDomain?: string;
  policy?: string;
}

function resultOf(value: string | undefined): SenderCheckResult {
  const result = (value ?? 'none').toLowerCase();
  return (SENDER_CHECK_RESULTS as readonly string[]).includes(result)
    ? (result as SenderCheckResult)
    : 'neutral';
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** The warnings a display name earns: an address or a domain in it that is not the sender's. */
function displayNameWarnings(name: string, fromAddress: string, ownDomain: string): SenderWarning[] {
  const fromDomain = domainOf(fromAddress);
  const readings = readingsOf(name);
  const warnings: SenderWarning[] = [];
  const otherAddress = readings.some((reading) =>
    addressesIn(reading).some((shown) => shown !== fromAddress.toLowerCase()),
  );
  if (otherAddress) warnings.push('displayNameAddress');
  const otherDomain = readings.some((reading) =>
    domainsIn(reading, ownDomain).some((named) =>
      isUnder(named, ownDomain) ? !isUnder(fromDomain, ownDomain) : !sameOrganisation(named, fromDomain),
    ),
  );
  if (otherDomain) warnings.push('displayNameDomain');
  return warnings;
}

/**
 * The warnings a reader should see, from the verdicts, the From header and the Sender header
 * (`senderHeader`, its address; mail clients show it as "sent on behalf of").
 */
export function senderWarnings(
  verdict: Pick<MessageAuthentication, 'dmarc' | 'dkim'>,
  from: AuthenticationInput['from'],
  ownDomain: string,
  senderHeader: string | null = null,
): SenderWarning[] {
  const warnings: SenderWarning[] = [];
  if (verdict.dmarc.result === 'fail') warnings.push('dmarcFailed');
  const claimsOwn = isUnder(domainOf(from.address), ownDomain);
  const ownSigned =
    verdict.dkim.result === 'pass' && verdict.dkim.domain?.toLowerCase() === ownDomain.toLowerCase();
  if (claimsOwn && verdict.dmarc.result !== 'pass' && !ownSigned) warnings.push('ownDomainUnverified');
  const senderOwn =
    senderHeader !== null && senderHeader.includes('@') && isUnder(domainOf(senderHeader), ownDomain);
  if (senderOwn && !claimsOwn && !ownSigned) warnings.push('ownDomainSender');
  return [...warnings, ...displayNameWarnings(from.name ?? '', from.address, ownDomain)];
}

function failedChecks(): Omit<MessageAuthentication, 'verified' | 'warnings'> {
  const temp = { result: 'temperror' as const, domain: null };
  return { spf: temp, dkim: temp, dmarc: { ...temp, policy: null }, arc: { result: 'temperror' } };
}

export async function authenticateInbound(input: AuthenticationInput): Promise<InboundAuthentication> {
  let checks = failedChecks();
  let headers = `Authentication-Results: ${input.mta}; auth=temperror (the checks could not be made)\r\n`;
  try {
    const result = await authenticate(Readable.from(input.source), {
      ip: input.envelope.ip,
      helo: input.envelope.helo,
      sender: input.envelope.sender,
      mta: input.mta,
      resolver: input.resolver as never,
      disableBimi: true,
    });
    const spf = (result.spf || {}) as CheckStatus;
    const dkim =
      ((result.dkim?.results ?? []) as CheckStatus[]).find((r) => r.status?.result === 'pass') ??
      ((result.dkim?.results ?? [])[0] as CheckStatus | undefined);
    const dmarc = (result.dmarc || {}) as CheckStatus;
    const arc = (result.arc || {}) as CheckStatus;
    checks = {
      spf: { result: resultOf(spf.status?.result), domain: spf.domain ?? null },
      dkim: { result: resultOf(dkim?.status?.result), domain: dkim?.signingDomain ?? null },
      dmarc: {
        result: resultOf(dmarc.status?.result),
        domain: dmarc.domain ?? null,
        policy: dmarc.policy ?? null,
      },
      arc: { result: resultOf(arc.status?.result) },
    };
    headers = result.headers.replace(/\r?\n/g, '\r\n');
  } catch {
    // Kept as temperror: the mail is stored and shown, unverified.
  }
  return {
    headers,
    verdict: {
      ...checks,
      verified: checks.dmarc.result === 'pass',
      warnings: senderWarnings(checks, input.from, input.ownDomain, input.senderHeader ?? null),
    },
  };
}
