import { scanHeaders } from './incoming-headers.js';

/** Characters that Windows, macOS or a shell would refuse or misread in a file name. */
// Control characters are exactly what this must match.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** Long enough to recognise a subject; sanitizeFileName cuts to the byte limit after this. */
const MAX_SUBJECT_CHARS = 100;

/** A subject as the base of a file name: unsafe characters become "_", runs of space one space. */
export function fileNameFromSubject(subject: string): string {
  const cleaned = subject.replace(UNSAFE_IN_FILE_NAMES, '_').replace(/\s+/g, ' ').trim();
  return Array.from(cleaned).slice(0, MAX_SUBJECT_CHARS).join('').trim().replace(/^\.+/, '');
}

/**
 * The name a part without a file name is listed and saved under. A user saving a forwarded mail
 * expects its subject (as mail clients name .eml files), an invitation "invite.ics", the returned
 * headers of a bounce a text file; anything else keeps a numbered name.
 */
export function nameForUnnamedPart(contentType: string, content: Buffer, position: number): string {
  switch (contentType.toLowerCase()) {
    case 'message/rfc822':
    case 'message/global': {
      const subject = scanHeaders(content).subject?.split('\n')[0] ?? '';
      const base = fileNameFromSubject(subject);
      return `${base || 'forwarded'}.eml`;
    }
    case 'text/calendar':
    case 'application/ics':
      return 'invite.ics';
    case 'text/rfc822-headers':
    case 'text/global-headers':
      return 'headers.txt';
    case 'message/delivery-status':
      return 'delivery-status.txt';
    default:
      return `attachment-${position}`;
  }
}
