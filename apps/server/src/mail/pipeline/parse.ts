import type { IncomingMail } from '../format/types.js';
import type { DeliveryDeps } from './ports.js';

/** A message as it came over SMTP: the bytes and this hop's envelope. */
export interface RawInbound {
  raw: Buffer;
  sizeBytes: number;
  /** MAIL FROM; '' for the null sender of a bounce. */
  returnPath: string;
  /** This hop's Received line (RFC 5321 section 4.4), without the header name. */
  received: string;
  /** The connecting client, for the sender checks; absent where no checks apply. */
  client?: { ip: string; helo: string };
}

export function isRawInbound(input: RawInbound | IncomingMail): input is RawInbound {
  return 'raw' in input && Buffer.isBuffer(input.raw);
}

/**
 * Step 1, parse: raw SMTP data becomes an IncomingMail, and every message gets its derived content
 * (sanitised HTML, invitation) once for all its copies; both in the parse pool, under its deadline.
 */
export async function parseInbound(
  deps: DeliveryDeps,
  input: RawInbound | IncomingMail,
): Promise<IncomingMail> {
  if (!isRawInbound(input)) return deps.parser.derive(input);
  return deps.parser.parse(input.raw, input.sizeBytes, {
    returnPath: input.returnPath,
    received: input.received,
    mailDomain: deps.mailDomain,
  });
}
