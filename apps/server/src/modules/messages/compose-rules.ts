import type { Language } from '@postline/shared/errors';
import type { AddressEntry } from '../../db/schema/mail.js';
import { formatFrom, splitReferences } from './presenter.js';
import type { MessageDetailRow } from './repository.js';
import { FORWARD_LABELS, formatMailDate } from './texts.js';

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

const ADDRESS_IN_TEXT = /[^\s<>,;"']+@[^\s<>,;"']+/g;

/** Addresses in a Reply-To header value ("Name <a@x>, b@y"). */
export function addressesIn(text: string | null | undefined): string[] {
  return text ? (text.match(ADDRESS_IN_TEXT) ?? []) : [];
}

/** Drops me and repeats, comparing addresses case-insensitively; the first spelling wins. */
function distinct(addresses: string[], exclude: Set<string>): string[] {
  const out: string[] = [];
  for (const address of addresses) {
    const key = address.trim().toLowerCase();
    if (!key || exclude.has(key)) continue;
    exclude.add(key);
    out.push(address.trim());
  }
  return out;
}

export interface ReplyRecipients {
  to: string[];
  cc: string[];
}

const addressesOf = (entries: AddressEntry[]) => entries.map((e) => e.address);

function isOwnMessage(original: MessageDetailRow, me: string): boolean {
  return original.mailboxType === 'SENT' || original.fromAddress.trim().toLowerCase() === me;
}

/**
 * Reply: the sender (or their Reply-To). Replying to mail I sent goes to its recipients, as in
 * every mail client. Reply to all adds everyone on To and Cc; I am never on the list.
 */
export function replyRecipients(
  original: MessageDetailRow,
  myAddress: string,
  all: boolean,
): ReplyRecipients {
  const me = myAddress.trim().toLowerCase();
  const own = isOwnMessage(original, me);
  const sender = own
    ? addressesOf(original.toAddresses)
    : addressesIn(original.replyTo).length > 0
      ? addressesIn(original.replyTo)
      : [original.fromAddress];
  const seen = new Set([me]);
  const to = distinct(all ? [...sender, ...addressesOf(original.toAddresses)] : sender, seen);
  const cc = all ? distinct(addressesOf(original.ccAddresses), seen) : [];
  // Only Cc left (I was the sole To): they become the To of the reply.
  if (to.length === 0 && cc.length > 0) return { to: cc, cc: [] };
  // Mail I sent to nobody but myself: the reply comes back to me.
  if (to.length === 0 && own) return { to: [myAddress.trim()], cc: [] };
  return { to, cc };
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

function forwardHeaderLines(original: MessageDetailRow, language: Language): string[] {
  const labels = FORWARD_LABELS[language];
  const lines = [
    labels.heading,
    `${labels.from}: ${formatFrom(original.fromName, original.fromAddress)}`,
    `${labels.date}: ${formatMailDate(original.sentAt ?? original.receivedAt, language)}`,
    `${labels.subject}: ${original.subject}`,
    `${labels.to}: ${addressList(original.toAddresses)}`,
  ];
  if (original.ccAddresses.length > 0) lines.push(`${labels.cc}: ${addressList(original.ccAddresses)}`);
  return lines;
}

/** The forward's text: the user's note, then the header block, then the original as it was. */
export function forwardText(note: string, original: MessageDetailRow, language: Language): string {
  const quoted = [...forwardHeaderLines(original, language), '', original.bodyText].join('\n');
  return note.trim() === '' ? quoted : `${note}\n\n${quoted}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** An HTML original keeps its formatting in the forward; null when it had only text. */
export function forwardHtml(note: string, original: MessageDetailRow, language: Language): string | null {
  if (!original.bodyHtml) return null;
  const noteHtml = note.trim() === '' ? '' : `<div>${escapeHtml(note).replace(/\n/g, '<br>')}</div><br>`;
  const header = forwardHeaderLines(original, language).map(escapeHtml).join('<br>');
  return `${noteHtml}<div>${header}</div><br>${original.bodyHtml}`;
}
