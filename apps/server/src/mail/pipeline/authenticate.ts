import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { MessageAuthentication } from '@postline/shared/messages';
import { authenticateInbound } from './trust/authenticate.js';
import { claimsIn, withoutForgedResults } from './trust/forged-results.js';
import { dmarcDisposition, spamDisposition, spamHeaders, stricter } from './trust/policy.js';
import { checkWithRspamd } from './trust/rspamd.js';
import { readSenderTrace } from '../format/sender-trace.js';
import type { Disposition, SenderTrace, IncomingMail } from '../format/types.js';
import type { RawInbound } from './parse.js';
import type { DeliveryDeps } from './ports.js';

/** The address of a Sender header as parsed (headers are decoded, repeats joined by newlines). */
function senderAddressOf(header: string | undefined): string | null {
  if (!header) return null;
  const [first] = addressparser(header.split('\n')[0] ?? '', { flatten: true });
  return first?.address || null;
}

/**
 * Step 2, authenticate (issue 15): for mail that came over SMTP, who really sent it (SPF, DKIM,
 * DMARC, ARC through mailauth) and, with rspamd configured, its spam score; then what the policy
 * makes of both (trust/policy.ts). A check that fails to run delivers the mail unverified.
 */
export async function authenticate(
  deps: DeliveryDeps,
  input: RawInbound | IncomingMail,
  mail: IncomingMail,
): Promise<SenderTrace> {
  const trace = readSenderTrace(mail);
  if (!('raw' in input) || !input.client) return trace;
  const { checks } = deps;
  let disposition: Disposition = { kind: 'deliver' };
  let sourceHeaders = '';
  let authentication: MessageAuthentication | null = null;
  if (checks.sender) {
    const result = await authenticateInbound({
      source: [input.raw],
      envelope: { ip: input.client.ip, helo: input.client.helo, sender: input.returnPath },
      from: mail.from,
      senderHeader: senderAddressOf(mail.headers?.sender),
      ownDomain: checks.sender.ownDomain,
      mta: checks.sender.mta,
      resolver: checks.sender.resolver,
    });
    authentication = result.verdict;
    sourceHeaders += result.headers;
    disposition = dmarcDisposition(result.verdict, checks.sender.dmarcEnforce);
  }
  if (checks.rspamd) {
    try {
      const spam = await checkWithRspamd(checks.rspamd, input.raw, {
        ip: input.client.ip,
        helo: input.client.helo,
        from: input.returnPath,
      });
      sourceHeaders += spamHeaders(spam);
      disposition = stricter(disposition, spamDisposition(spam));
    } catch (error) {
      deps.logger.warn({ err: error }, 'rspamd did not answer; the message is delivered unscored');
    }
  }
  return { ...trace, authentication, disposition, sourceHeaders };
}

/** The sender checks or the spam filter refused the message: SMTP answers 557 5.7.1 with the reason. */
export class RefusedMailError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedMailError';
  }
}

/**
 * The checks' header lines go on top of the stored source, as a receiving MTA adds them; the
 * message's own Authentication-Results in the name they are written under (MAIL_HOST) go, as
 * RFC 8601 §5 says (trust/forged-results.ts).
 */
export function withSourceHeaders(mail: IncomingMail, headers: string): IncomingMail {
  if (!headers || !mail.source) return mail;
  const source = withoutForgedResults(mail.source, claimsIn(headers));
  return { ...mail, source: [Buffer.from(headers, 'utf8'), ...source] };
}
