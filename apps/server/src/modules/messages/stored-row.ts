import type { AddressEntry } from '../../db/schema/mail.js';
import { sanitizeMailHtml } from '../../lib/sanitize-html.js';
import { storableText } from '../../mail/charsets.js';

/**
 * The one builder of a stored message's content columns (issue 11): SMTP delivery, local delivery,
 * drafts, sending and the welcome message all write these through storedContent, so every HTML body
 * is sanitised on store (DESIGN.md 9) and every text is storable; the raw source stays in `raw`.
 */

export const PREVIEW_LENGTH = 200;

export interface MessageContent {
  subject: string;
  from: AddressEntry;
  to: AddressEntry[];
  cc: AddressEntry[];
  bcc?: AddressEntry[];
  text: string;
  html?: string | null;
  /** The attachments the user can save (inline images of the HTML are not counted). */
  listedAttachments: number;
  sizeBytes: number;
}

/** to_text: every recipient as "Name <address>", searchable by the trigram index. */
export function addressText(list: AddressEntry[]): string {
  return list.map((e) => (e.name ? `${e.name} <${e.address}>` : e.address)).join(', ');
}

export function previewOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
}

/** HTML is stored sanitised; blank is no HTML at all. */
export function storedHtml(html: string | null | undefined): string | null {
  if (!html || html.trim() === '') return null;
  const clean = sanitizeMailHtml(storableText(html));
  return clean === '' ? null : clean;
}

function storedAddresses(entries: AddressEntry[] | undefined): AddressEntry[] {
  return (entries ?? []).map((e) => ({
    address: storableText(e.address),
    name: e.name ? storableText(e.name) : null,
  }));
}

/** The content columns of a message row, the same for every way a message is stored. */
export function storedContent(content: MessageContent) {
  const to = storedAddresses(content.to);
  const cc = storedAddresses(content.cc);
  const bcc = storedAddresses(content.bcc);
  const text = storableText(content.text);
  return {
    subject: storableText(content.subject),
    fromAddress: storableText(content.from.address),
    fromName: content.from.name ? storableText(content.from.name) : null,
    toAddresses: to,
    ccAddresses: cc,
    bccAddresses: bcc,
    toText: addressText([...to, ...cc, ...bcc]),
    bodyText: text,
    bodyHtml: storedHtml(content.html),
    preview: previewOf(text),
    hasAttachments: content.listedAttachments > 0,
    attachmentCount: content.listedAttachments,
    sizeBytes: content.sizeBytes,
  };
}
