import { htmlToPlainText } from '@postline/shared/html-text';
import { signatureContentHtml } from '@postline/shared/signature-html';

/**
 * The signature in the plain-text compose body (SPEC §4): two blank lines, then the signature's
 * text. Kept apart from the picker so the rules can be read and tested on their own.
 */
export const SIGNATURE_SEPARATOR = '\n\n';

/**
 * A signature's HTML as the plain text the body carries; <br> and blocks become line breaks, and
 * so do the lines of one typed as plain text (issue 34).
 */
export function signatureText(html: string): string {
  return htmlToPlainText(signatureContentHtml(html));
}

/** The body with the signature added at its end, after two blank lines. */
export function appendSignature(body: string, text: string): string {
  return `${body}${SIGNATURE_SEPARATOR}${text}`;
}

/** The body without the signature block, when it is still there as inserted (the last one). */
export function removeSignature(body: string, text: string): string {
  const block = `${SIGNATURE_SEPARATOR}${text}`;
  const at = body.lastIndexOf(block);
  return at < 0 ? body : body.slice(0, at) + body.slice(at + block.length);
}

/**
 * The body with `previous` swapped for `next` in place; when the previous block is gone (the user
 * edited it, or a template replaced the body) the new one is added at the end instead, or just
 * above a reply's quoted original (`quote`) while that still ends the body.
 */
export function replaceSignature(
  body: string,
  previous: string | null,
  next: string,
  quote: string | null = null,
): string {
  if (previous !== null) {
    const block = `${SIGNATURE_SEPARATOR}${previous}`;
    const at = body.lastIndexOf(block);
    if (at >= 0) return body.slice(0, at) + `${SIGNATURE_SEPARATOR}${next}` + body.slice(at + block.length);
  }
  if (quote && body.endsWith(quote)) {
    const written = body.slice(0, body.length - quote.length);
    return appendSignature(written, next) + quote;
  }
  return appendSignature(body, next);
}
