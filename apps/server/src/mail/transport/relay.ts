import nodemailer from 'nodemailer';
import type { DkimKey } from './dkim-key.js';

/** The relay URL with its password hidden, for logs. */
export function redactRelayUrl(relayUrl: string): string {
  try {
    const url = new URL(relayUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable relay URL)';
  }
}

export interface RelayTimeouts {
  connectionMs: number;
  socketMs: number;
}

export interface RelayTransport {
  send(envelope: { from: string; to: string[] }, raw: Buffer): Promise<RelayResult>;
  close(): void;
}

/** Per recipient: accepted, or refused with the relay's reply and whether to try again. */
export interface RelayResult {
  accepted: string[];
  refused: RecipientFailure[];
}

export interface RecipientFailure {
  recipient: string;
  reason: string;
  temporary: boolean;
}

interface NodemailerError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  recipient?: string;
  rejectedErrors?: NodemailerError[];
}

/**
 * 4xx replies and network trouble are worth another try; 5xx replies are final. A refused login is a
 * configuration problem the operator can fix, so it is retried too rather than bouncing everything.
 */
export function isTemporary(error: NodemailerError): boolean {
  if (error.code === 'EAUTH') return true;
  if (typeof error.responseCode === 'number') return error.responseCode < 500;
  return true;
}

function reasonOf(error: NodemailerError): string {
  return (error.response ?? error.message).replace(/\s+/g, ' ').trim().slice(0, 500);
}

/**
 * nodemailer's SMTP transport from SMTP_RELAY_URL: smtp:// (STARTTLS when offered) or smtps://,
 * credentials in the URL; `tls.rejectUnauthorized=false`, `requireTLS` and `ignoreTLS` as query
 * parameters for relays with their own certificates. With a DKIM key, every message is signed as
 * it leaves (nodemailer's DKIM signer, relaxed canonicalisation), so receivers can verify it.
 */
export function createRelayTransport(
  relayUrl: string,
  heloName: string,
  timeouts: RelayTimeouts,
  dkim?: DkimKey,
): RelayTransport {
  const url = new URL(relayUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_RELAY_URL must start with smtp:// or smtps:// (got ${redactRelayUrl(relayUrl)})`);
  }
  const secure = url.protocol === 'smtps:';
  const flag = (name: string) => url.searchParams.get(name) === 'true';
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 25,
    secure,
    name: heloName,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    requireTLS: flag('requireTLS'),
    ignoreTLS: flag('ignoreTLS'),
    tls: { rejectUnauthorized: url.searchParams.get('tls.rejectUnauthorized') !== 'false' },
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.connectionMs,
    socketTimeout: timeouts.socketMs,
    ...(dkim
      ? {
          dkim: {
            domainName: dkim.domain,
            keySelector: dkim.selector,
            privateKey: dkim.privateKeyPem,
          },
        }
      : {}),
  });
  return {
    async send(envelope, raw) {
      try {
        const info = await transport.sendMail({ envelope, raw });
        const rejected = (info.rejectedErrors ?? []) as NodemailerError[];
        return {
          accepted: (info.accepted ?? []).map(String),
          refused: rejected.map((e) => ({
            recipient: e.recipient ?? '',
            reason: reasonOf(e),
            temporary: isTemporary(e),
          })),
        };
      } catch (caught) {
        const error = caught as NodemailerError;
        const perRecipient = error.rejectedErrors ?? [];
        if (perRecipient.length > 0) {
          return {
            accepted: [],
            refused: perRecipient.map((e) => ({
              recipient: e.recipient ?? '',
              reason: reasonOf(e),
              temporary: isTemporary(e),
            })),
          };
        }
        const temporary = isTemporary(error);
        return {
          accepted: [],
          refused: envelope.to.map((recipient) => ({ recipient, reason: reasonOf(error), temporary })),
        };
      }
    },
    close: () => transport.close(),
  };
}
