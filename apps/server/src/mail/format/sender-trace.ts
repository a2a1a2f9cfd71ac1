import type { IncomingMail, SenderTrace } from './types.js';

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
