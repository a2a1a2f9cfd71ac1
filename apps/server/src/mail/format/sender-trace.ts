import type { MessageAuthentication } from '@postline/shared/messages';
import type { IncomingMail } from './types.js';

/** What inbound delivery does with a message the sender checks and the spam score judged (issue 15). */
export type Disposition = { kind: 'deliver' } | { kind: 'spam' } | { kind: 'refuse'; reason: string };

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
  /** SPF, DKIM, DMARC and ARC as checked on arrival over SMTP; null when not checked. */
  authentication: MessageAuthentication | null;
  /** What the checks and the spam score decided: deliver, file in Spam, or refuse at DATA. */
  disposition: Disposition;
  /** Header lines the checks put on top of the stored source (Authentication-Results, X-Spamd-Result). */
  sourceHeaders: string;
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

/** The trace alone, for mail built on this server (sent, bounces) and unchecked mail. */
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
    authentication: null,
    disposition: { kind: 'deliver' },
    sourceHeaders: '',
  };
}
