import { describe, expect, it } from 'vitest';
import { decodeUrlPart } from '../src/url-parts.js';

describe('a part of a URL found in mail', () => {
  it('is decoded as decodeURIComponent would when its escapes are UTF-8', () => {
    expect(decodeUrlPart('%ED%99%8D%EA%B8%B8%EB%8F%99@x.com')).toBe('홍길동@x.com');
    expect(decodeUrlPart('logo%40corp.example%2Fa b')).toBe('logo@corp.example/a b');
  });

  it('keeps the escapes that are not UTF-8 as written, and decodes the rest', () => {
    expect(decodeUrlPart('%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodeUrlPart('%ED%99%8D%E0%41%80%zz')).toBe('홍%E0A%80%zz');
    expect(decodeUrlPart('%ED%A0%80')).toBe('%ED%A0%80'); // a lone surrogate
  });
});
