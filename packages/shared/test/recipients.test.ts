import { describe, expect, it } from 'vitest';
import { formatRecipient, parseRecipient, sameRecipient, splitRecipientList } from '../src/recipients.js';

describe('recipients as people paste them (issue 34)', () => {
  it.each([
    ['jun@example.com', { address: 'jun@example.com', name: null }],
    ['이준 <jun@example.com>', { address: 'jun@example.com', name: '이준' }],
    ['"Kim, Minji" <minji@example.com>', { address: 'minji@example.com', name: 'Kim, Minji' }],
    ['  <jun@example.com> ', { address: 'jun@example.com', name: null }],
    ['"Say \\"hi\\"" <a@b.co>', { address: 'a@b.co', name: 'Say "hi"' }],
  ])('reads %s', (text, recipient) => {
    expect(parseRecipient(text)).toEqual(recipient);
  });

  it.each(['foo', 'Jun <jun@example>', 'jun@example.com>', 'a b@example.com', `${'x'.repeat(201)} <a@b.co>`])(
    'refuses %s',
    (text) => {
      expect(parseRecipient(text)).toBeNull();
    },
  );

  it('writes a name back, quoted only when it must be', () => {
    expect(formatRecipient({ address: 'jun@example.com', name: '이준' })).toBe('이준 <jun@example.com>');
    expect(formatRecipient({ address: 'm@example.com', name: 'Kim, Minji' })).toBe(
      '"Kim, Minji" <m@example.com>',
    );
    expect(formatRecipient({ address: 'm@example.com', name: null })).toBe('m@example.com');
    for (const name of ['Kim, Minji', 'Say "hi"', 'a\\b', '이준']) {
      expect(parseRecipient(formatRecipient({ address: 'x@y.kr', name }))).toEqual({
        address: 'x@y.kr',
        name,
      });
    }
  });

  it('splits a list on commas, semicolons and lines, but not inside a quoted name', () => {
    expect(splitRecipientList('"Kim, Minji" <m@example.com>; 이준 <jun@example.com>\nlee@x.kr,, ')).toEqual([
      '"Kim, Minji" <m@example.com>',
      '이준 <jun@example.com>',
      'lee@x.kr',
    ]);
  });

  it('compares by address only, without case', () => {
    expect(sameRecipient('이준 <JUN@example.com>', 'jun@example.com')).toBe(true);
    expect(sameRecipient('jun@example.com', 'june@example.com')).toBe(false);
  });
});
