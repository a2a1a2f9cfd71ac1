import { messageFileName } from '@postline/shared/file-names';
import { scanHeaders } from './incoming-headers.js';

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
      return messageFileName(subject, 'forwarded');
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
