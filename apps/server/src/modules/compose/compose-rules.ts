import type { Language } from '@postline/shared/errors';
import { formatMailDateTime } from '@postline/shared/mail-dates';
import { replyRecipients as sharedReplyRecipients, type ReplyRecipients } from '@postline/shared/reply-rules';
import type { AddressEntry } from '../../db/schema/mail.js';
import { serverText } from '../../lib/i18n.js';
import { formatFrom, splitReferences, type MessageDetailRow } from '../messages/index.js';

/*
 * The rules of replies and forwards (SPEC §2, §5): subject prefixes, who gets a reply, threading
 * headers, and the quoted block of a forward.
 */

/** Reply prefixes mail clients write, Korean Outlook and Naver/Daum mail included. */
const REPLY_PREFIX = /^\s*(re|회신|답장)\s*(\[\d+\])?\s*:/i;
const FORWARD_PREFIX = /^\s*(fwd?|전달)\s*(\[\d+\])?\s*:/i;

export function withReplyPrefix(subject: string): string {
  const trimmed = subject.trim();
  return REPLY_PREFIX.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

export function withForwardPrefix(subject: string): string {
  const trimmed = subject.trim();
  return FORWARD_PREFIX.test(trimmed) ? trimmed : `Fwd: ${trimmed}`;
}

const addressesOf = (entries: AddressEntry[]) => entries.map((e) => e.address);

/** The shared rule (the reply dialog shows the same) applied to a stored message. */
export function replyRecipients(
  original: MessageDetailRow,
  myAddress: string,
  all: boolean,
): ReplyRecipients {
  return sharedReplyRecipients(
    {
      mailboxType: original.mailboxType,
      fromAddress: original.fromAddress,
      replyTo: original.replyTo,
      toAddresses: addressesOf(original.toAddresses),
      ccAddresses: addressesOf(original.ccAddresses),
    },
    myAddress,
    all,
  );
}

export interface Threading {
  inReplyTo: string | null;
  references: string[];
  threadId: string | null;
}

/** In-Reply-To the original; References its references plus it (RFC 5322 §3.6.4). */
export function replyThreading(original: MessageDetailRow): Threading {
  const references = splitReferences(original.referencesHeader);
  const parent = original.messageIdHeader;
  if (parent && !references.includes(parent)) references.push(parent);
  return {
    inReplyTo: parent,
    references,
    threadId: original.threadId ?? references[0] ?? parent,
  };
}

const addressList = (entries: AddressEntry[]) =>
  entries.map((e) => formatFrom(e.name ?? null, e.address)).join(', ');

/** The original's headers as the reader reads dates: their language and, when known, their zone. */
function forwardHeaderLines(original: MessageDetailRow, language: Language, timeZone?: string): string[] {
  const label = (field: 'from' | 'date' | 'subject' | 'to' | 'cc') =>
    serverText(language, `messages:forward.${field}`);
  const lines = [
    serverText(language, 'messages:forward.heading'),
    `${label('from')}: ${formatFrom(original.fromName, original.fromAddress)}`,
    `${label('date')}: ${formatMailDateTime(original.sentAt ?? original.receivedAt, language, timeZone)}`,
    `${label('subject')}: ${original.subject}`,
    `${label('to')}: ${addressList(original.toAddresses)}`,
  ];
  if (original.ccAddresses.length > 0) lines.push(`${label('cc')}: ${addressList(original.ccAddresses)}`);
  return lines;
}

/** The forward's text: the user's note, then the header block, then the original as it was. */
export function forwardText(
  note: string,
  original: MessageDetailRow,
  language: Language,
  timeZone?: string,
): string {
  const quoted = [...forwardHeaderLines(original, language, timeZone), '', original.bodyText].join('\n');
  return note.trim() === '' ? quoted : `${note}\n\n${quoted}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** An HTML original keeps its formatting in the forward; null when it had only text. */
export function forwardHtml(
  note: string,
  original: MessageDetailRow,
  language: Language,
  timeZone?: string,
): string | null {
  if (!original.bodyHtml) return null;
  const noteHtml = note.trim() === '' ? '' : `<div>${escapeHtml(note).replace(/\n/g, '<br>')}</div><br>`;
  const header = forwardHeaderLines(original, language, timeZone).map(escapeHtml).join('<br>');
  return `${noteHtml}<div>${header}</div><br>${original.bodyHtml}`;
}
