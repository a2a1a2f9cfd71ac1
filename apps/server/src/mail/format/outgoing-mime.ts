import crypto from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { AddressEntry } from '../../db/schema/mail.js';
import type { IncomingAttachment, IncomingMail } from './types.js';

export type Importance = IncomingMail['importance'];

/** A fresh RFC 5322 Message-ID with its angle brackets, at the server's MAIL_DOMAIN. */
export function newMessageId(domain: string): string {
  return `<${Date.now().toString(36)}.${crypto.randomBytes(12).toString('hex')}@${domain}>`;
}

export interface OutgoingMail {
  from: AddressEntry;
  to: AddressEntry[];
  cc: AddressEntry[];
  bcc: AddressEntry[];
  subject: string;
  text: string;
  html?: string | null;
  inReplyTo?: string | null;
  references?: string[];
  importance: Importance;
  /** X-Priority 1 (highest) to 5 (lowest); derived from importance when left out. */
  priority?: number;
  attachments: IncomingAttachment[];
  replyTo?: string | null;
  date?: Date;
  headers?: Record<string, string>;
  /** Domain of the generated Message-ID: the config's MAIL_DOMAIN. */
  mailDomain: string;
  /** The Message-ID to write, when the message already has one; else a new one is made. */
  messageIdHeader?: string;
}

const X_PRIORITY_LABEL: Record<number, string> = {
  1: '1 (Highest)',
  2: '2 (High)',
  3: '3 (Normal)',
  4: '4 (Low)',
  5: '5 (Lowest)',
};

function composerAddress(entry: AddressEntry): string | { name: string; address: string } {
  return entry.name ? { name: entry.name, address: entry.address } : entry.address;
}

/** Header values of our own making must never split into two headers. */
function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

/**
 * Builds the message exactly as it will leave (DESIGN.md "Data and mail flow"): nodemailer encodes
 * Korean subjects and names per RFC 2047 and file names per RFC 2231; Bcc stays out of the headers.
 */
export async function composeOutgoing(
  mail: OutgoingMail,
): Promise<{ raw: Buffer; messageIdHeader: string; date: Date }> {
  const messageIdHeader = mail.messageIdHeader ?? newMessageId(mail.mailDomain);
  const date = mail.date ?? new Date();
  const priority = mail.priority ?? { HIGH: 1, NORMAL: 3, LOW: 5 }[mail.importance];
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(mail.headers ?? {})) headers[singleLine(key)] = singleLine(value);
  headers.Importance = mail.importance.toLowerCase();
  if (priority !== 3) headers['X-Priority'] = X_PRIORITY_LABEL[priority] ?? String(priority);

  const composer = new MailComposer({
    from: composerAddress(mail.from),
    to: mail.to.map(composerAddress),
    cc: mail.cc.length ? mail.cc.map(composerAddress) : undefined,
    bcc: mail.bcc.length ? mail.bcc.map(composerAddress) : undefined,
    replyTo: mail.replyTo ?? undefined,
    subject: singleLine(mail.subject),
    text: mail.text,
    html: mail.html ?? undefined,
    messageId: messageIdHeader,
    date,
    inReplyTo: mail.inReplyTo ?? undefined,
    references: mail.references?.length ? mail.references : undefined,
    headers,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      ...(a.isInline && a.contentId
        ? { cid: a.contentId, contentDisposition: 'inline' }
        : { contentDisposition: 'attachment' }),
    })),
    // Every part is given as bytes; nothing may be fetched from disk or the network.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const raw = await composer.compile().build();
  return { raw, messageIdHeader, date };
}

/**
 * A message this server writes and delivers itself (a bounce) with the MIME source it has as mail,
 * so "show original" works for it as for any other.
 */
export async function withComposedSource(mail: IncomingMail, mailDomain: string): Promise<IncomingMail> {
  const { raw } = await composeOutgoing({
    mailDomain,
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    bcc: [],
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    inReplyTo: mail.inReplyTo ?? null,
    references: mail.references ?? [],
    importance: mail.importance,
    ...(mail.priority !== undefined ? { priority: mail.priority } : {}),
    attachments: mail.attachments,
    ...(mail.date ? { date: mail.date } : {}),
    headers: mail.headers ?? {},
    messageIdHeader: mail.messageIdHeader,
  });
  return { ...mail, source: [raw] };
}
