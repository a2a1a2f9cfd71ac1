import { htmlToText } from 'html-to-text';
import { readInvitation } from './invitation.js';
import { storedHtml } from './stored-row.js';
import type { IncomingMail } from './types.js';

/*
 * What delivery derives from a message's content, once per message however many recipients it has
 * (issue 32: a 5 MB HTML body to 5 recipients was cleaned five times, 4.6 s of a blocked event
 * loop). It runs in the inbound parse pool (parse-pool.ts) for mail that came over SMTP and for
 * mail built here alike; every copy's row takes it as it is.
 */

/**
 * HTML longer than this (UTF-16 units) is not kept as HTML: sanitising 20 MB took 4 s. Newsletters
 * are a few hundred kB; Gmail clips what it shows at 102 kB. The text part (or the HTML's text)
 * is what the reader sees, and the whole source stays in "show original".
 */
export const MAX_STORED_HTML_CHARS = 1024 * 1024;

/**
 * Body text kept for reading, filters and search. Every character stored is a trigram index's
 * work: on PGlite, whose work is the event loop's, 4.6 million characters took 2.3 s (issue 32).
 * Longer text is clipped, as Gmail clips at 102 kB, and the message view links to the whole.
 */
export const MAX_STORED_TEXT_CHARS = 256 * 1024;

/** At most `max` UTF-16 units, never half of a surrogate pair. */
export function clipped(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * Text a reader and the filters see of mail whose only body is HTML, made from a bounded part of
 * it with html-to-text, as mailparser did before it was told not to (incoming-mime.ts: it had no bound).
 */
function textOfHtml(html: string): string {
  return htmlToText(clipped(html, MAX_STORED_HTML_CHARS));
}

/**
 * One derived part, or its fallback when reading it fails: HTML nested twelve thousand deep
 * overflows html-to-text's stack, and that must cost the message its HTML view, not its files.
 */
function orElse<T>(derive: () => T, fallback: T): T {
  try {
    return derive();
  } catch {
    return fallback;
  }
}

/** The message with its derived content filled in, and the body text a reader and the filters see. */
export function deriveContent(mail: IncomingMail): IncomingMail {
  if (mail.derived) return mail;
  const html = mail.html ?? null;
  const bodyHtml =
    html !== null && html.length <= MAX_STORED_HTML_CHARS ? orElse(() => storedHtml(html), null) : null;
  const keptHtml = bodyHtml === null ? null : html;
  const fullText = mail.text.trim() === '' && html ? orElse(() => textOfHtml(html), '') : mail.text;
  const text = clipped(fullText, MAX_STORED_TEXT_CHARS);
  return {
    ...mail,
    text,
    html: keptHtml,
    derived: {
      bodyHtml,
      invitation: orElse(() => readInvitation(mail.attachments), null),
      // Clipped, or HTML that could not be kept (too long, or too deep to read): the note links the original.
      bodyClipped:
        text.length < fullText.length || (html !== null && html.trim() !== '' && bodyHtml === null),
    },
  };
}

/** A message stored without what could not be derived in time: no HTML, no invitation card. */
export function withoutDerivedContent(mail: IncomingMail): IncomingMail {
  const text = clipped(mail.text, MAX_STORED_TEXT_CHARS);
  return {
    ...mail,
    text,
    html: null,
    derived: { bodyHtml: null, invitation: null, bodyClipped: text.length < mail.text.length || !!mail.html },
  };
}
