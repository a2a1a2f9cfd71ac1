import { describe, expect, it } from 'vitest';
import { referencedContentIds } from '../../../src/mail/format/incoming-attachments.js';
import { nameForUnnamedPart } from '../../../src/mail/format/part-names.js';

describe('names of parts that have none', () => {
  it('names a forwarded mail from its subject with characters every system accepts', () => {
    const forwarded = Buffer.from(
      'Subject: =?UTF-8?B?' + Buffer.from('Re: 견적/발주 "최종"?').toString('base64') + '?=\r\n\r\nbody',
    );
    expect(nameForUnnamedPart('message/rfc822', forwarded, 1)).toBe('Re_ 견적_발주 _최종__.eml');
    expect(nameForUnnamedPart('message/rfc822', Buffer.from('From: a@b\r\n\r\nbody'), 1)).toBe(
      'forwarded.eml',
    );
  });

  it('names invitations, bounce headers, and numbers everything else', () => {
    expect(nameForUnnamedPart('text/calendar', Buffer.alloc(0), 2)).toBe('invite.ics');
    expect(nameForUnnamedPart('text/rfc822-headers', Buffer.alloc(0), 3)).toBe('headers.txt');
    expect(nameForUnnamedPart('application/octet-stream', Buffer.alloc(0), 4)).toBe('attachment-4');
  });

  it('keeps a long subject recognisable and starts no name with a dot', () => {
    const named = (subject: string) =>
      nameForUnnamedPart('message/rfc822', Buffer.from(`Subject: ${subject}\r\n\r\nbody`), 1);
    expect(named('..hidden')).toBe('hidden.eml');
    expect(Array.from(named('a'.repeat(300)))).toHaveLength(104);
  });
});

describe('referencedContentIds', () => {
  it('finds cid: URLs, URL-encoded or not, whatever their case', () => {
    const html = '<img src="cid:Logo@Apple.example"><img src=\'cid:part%401.2\'><a href="https://x/cid:no">';
    expect(referencedContentIds(html)).toEqual(new Set(['logo@apple.example', 'part@1.2']));
  });
});
