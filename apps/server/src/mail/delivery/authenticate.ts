import type { IncomingMail } from '../types.js';

/**
 * What the message says about where it came from, read from its own trace: the envelope sender
 * this hop recorded, the From domain, and the Received chain. It is a record, not a verdict:
 * nothing here is checked against DNS. Issue 15's SPF, DKIM and DMARC checks go in this step and
 * add their results next to these fields.
 */
export interface SenderTrace {
  /** MAIL FROM as this hop recorded it; '' for a bounce, null for mail built on this server. */
  envelopeSender: string | null;
  envelopeDomain: string | null;
  fromDomain: string | null;
  /** The Received lines, this hop's first. */
  received: string[];
  /** Whether the envelope and From domains are the same: the alignment DMARC will judge. */
  domainsMatch: boolean | null;
}

function domainOf(address: string | null | undefined): string | null {
  const at = address?.lastIndexOf('@') ?? -1;
  return address && at >= 0
    ? address
        .slice(at + 1)
        .trim()
        .toLowerCase() || null
    : null;
}

/** Step 2, authenticate: reads the sender's trace; mail is never refused here yet. */
export function readSenderTrace(mail: IncomingMail): SenderTrace {
  const envelopeSender = mail.returnPath ?? null;
  const envelopeDomain = domainOf(envelopeSender);
  const fromDomain = domainOf(mail.from.address);
  const receivedHeader = mail.headers?.received;
  return {
    envelopeSender,
    envelopeDomain,
    fromDomain,
    received: receivedHeader ? receivedHeader.split('\n') : [],
    domainsMatch: envelopeDomain && fromDomain ? envelopeDomain === fromDomain : null,
  };
}
