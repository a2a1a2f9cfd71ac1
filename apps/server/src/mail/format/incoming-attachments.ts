import type { Attachment as ParsedAttachment } from 'mailparser';
import { decodeUrlPart } from '@postline/shared/url-parts';
import { decodeIso2022KrText } from './charsets.js';
import { nameForUnnamedPart } from './part-names.js';
import type { IncomingAttachment } from './types.js';

const CALENDAR_TYPES = new Set(['text/calendar', 'application/ics']);

function isCalendar(part: ParsedAttachment): boolean {
  return CALENDAR_TYPES.has(part.contentType.toLowerCase());
}

function bareContentId(part: ParsedAttachment): string | null {
  const id = part.cid ?? part.contentId?.trim().replace(/^<|>$/g, '');
  return id ? id.trim() : null;
}

/** The Content-IDs the HTML shows through cid: URLs (RFC 2392: the id, URL-encoded), lower-cased. */
export function referencedContentIds(html: string | null | undefined): Set<string> {
  const ids = new Set<string>();
  // A cid: URL starts an attribute value (or a CSS url()), never sits inside another URL.
  for (const match of (html ?? '').matchAll(/(?:^|["'\s=(,])cid:([^"'\s>)]+)/gi)) {
    ids.add(decodeUrlPart(match[1] ?? '').toLowerCase());
  }
  return ids;
}

/**
 * The parts a user can save, as stored. A part is inline only when the HTML that is shown
 * references its cid: (an iPhone photo marked inline in a mail without HTML is a file like any
 * other: counted, listed, downloadable). An invitation's text/calendar alternative is dropped
 * when the same invitation is attached under a file name, so it is listed once.
 */
export function incomingAttachments(parts: ParsedAttachment[], html: string | null): IncomingAttachment[] {
  const shown = referencedContentIds(html);
  const namedCalendar = parts.some((part) => isCalendar(part) && part.filename);
  const kept: IncomingAttachment[] = [];
  parts.forEach((part, index) => {
    if (isCalendar(part) && !part.filename && namedCalendar) return;
    const contentType = part.contentType || 'application/octet-stream';
    const contentId = bareContentId(part);
    kept.push({
      filename: part.filename
        ? decodeIso2022KrText(part.filename)
        : nameForUnnamedPart(contentType, part.content, index + 1),
      contentType,
      content: part.content,
      contentId,
      isInline: contentId !== null && shown.has(contentId.toLowerCase()),
    });
  });
  return kept;
}
