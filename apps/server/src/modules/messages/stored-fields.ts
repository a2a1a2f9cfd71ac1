import type { AddressEntry } from '../../db/schema/mail.js';
import { sanitizeMailHtml } from '../../lib/sanitize-html.js';

/** Derived columns of a message row, written the same way delivery writes them (src/mail/delivery.ts). */

export const PREVIEW_LENGTH = 200;

/** to_text: every recipient as "Name <address>", searchable by the trigram index. */
export function addressText(list: AddressEntry[]): string {
  return list.map((e) => (e.name ? `${e.name} <${e.address}>` : e.address)).join(', ');
}

export function previewOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
}

/** HTML a user wrote is stored sanitised (DESIGN.md 9); blank is no HTML at all. */
export function storedHtml(html: string | null | undefined): string | null {
  if (!html || html.trim() === '') return null;
  const clean = sanitizeMailHtml(html);
  return clean === '' ? null : clean;
}
