import { parseIncoming } from '../mime.js';
import type { IncomingMail } from '../types.js';

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

/** Step 1, parse: raw SMTP data becomes an IncomingMail; mail built here (sent, bounces) already is one. */
export async function parseInbound(
  input: RawInbound | IncomingMail,
  mailDomain: string,
): Promise<IncomingMail> {
  if (!isRawInbound(input)) return input;
  return parseIncoming(input.raw, input.sizeBytes, {
    returnPath: input.returnPath,
    received: input.received,
    mailDomain,
  });
}
