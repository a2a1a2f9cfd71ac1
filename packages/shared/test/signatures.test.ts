import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../src/html-text.js';
import {
  htmlToPlainTextLength,
  signatureCopyRequestSchema,
  signatureRequestSchema,
} from '../src/signatures.js';
import { issuesOf } from './issues.js';

const valid = { name: '업무용 서명', content: '<p>홍길동<br>대표이사</p>' };

describe('signature name', () => {
  it('is trimmed and required', () => {
    expect(signatureRequestSchema.parse({ ...valid, name: '  기본  ' }).name).toBe('기본');
    expect(issuesOf(signatureRequestSchema.safeParse({ ...valid, name: '   ' }))).toEqual({
      name: ['signatureNameRequired'],
    });
  });

  it('allows 100 characters and no more', () => {
    expect(signatureRequestSchema.safeParse({ ...valid, name: '가'.repeat(100) }).success).toBe(true);
    expect(issuesOf(signatureRequestSchema.safeParse({ ...valid, name: '가'.repeat(101) }))).toEqual({
      name: ['tooLong|100'],
    });
  });

  it.each(['<', '>', '"', '/', '\\', '|', '?', '*'])(
    'refuses %s with the special-character message',
    (ch) => {
      expect(issuesOf(signatureRequestSchema.safeParse({ ...valid, name: `a${ch}b` }))).toEqual({
        name: ['specialCharacters'],
      });
    },
  );

  it('allows other punctuation, e.g. parentheses and ampersands', () => {
    expect(signatureRequestSchema.safeParse({ ...valid, name: 'R&D (팀)' }).success).toBe(true);
  });
});

describe('signature content', () => {
  it('counts 2000 plain-text characters, not the HTML around them', () => {
    const text = '가'.repeat(1990) + 'abcdefghij';
    const html = `<div style="color:#333"><p><strong>${text}</strong></p></div>`;
    expect(html.length).toBeGreaterThan(2000);
    expect(htmlToPlainTextLength(html)).toBe(2000);
    expect(signatureRequestSchema.safeParse({ ...valid, content: html }).success).toBe(true);
    const longer = html.replace('</strong>', 'k</strong>');
    expect(issuesOf(signatureRequestSchema.safeParse({ ...valid, content: longer }))).toEqual({
      content: ['tooLong|2000'],
    });
  });

  it('counts an entity as one character and ignores comments and styles', () => {
    expect(htmlToPlainTextLength('A&amp;B&nbsp;C&#xAC00;')).toBe(6);
    expect(htmlToPlainTextLength('<!-- note --><style>p{color:red}</style>Hi')).toBe(2);
    expect(htmlToPlainTextLength('<a title="x > y" href="#">Go</a>')).toBe(2);
  });

  it('keeps line breaks from tags and collapses source whitespace', () => {
    expect(htmlToPlainText('<p>홍길동</p>\n\n   <p>대표  이사</p>')).toBe('홍길동\n대표 이사');
    expect(htmlToPlainText('<div><div>a</div></div><div>b<br><br>c</div>')).toBe('a\nb\n\nc');
    expect(htmlToPlainText('a < b')).toBe('a < b');
  });

  it('requires visible content, though an image alone is enough', () => {
    expect(issuesOf(signatureRequestSchema.safeParse({ ...valid, content: '<p> </p>' }))).toEqual({
      content: ['contentRequired'],
    });
    expect(issuesOf(signatureRequestSchema.safeParse({ name: 'x' }))).toEqual({
      content: ['contentRequired'],
    });
    expect(
      signatureRequestSchema.safeParse({
        ...valid,
        content: '<img src="https://example.com/s.png">',
      }).success,
    ).toBe(true);
  });
});

describe('signature options', () => {
  it('fills the defaults of SPEC §5', () => {
    expect(signatureRequestSchema.parse(valid)).toMatchObject({
      signatureType: 'PERSONAL',
      isDefault: false,
      isActive: true,
      includeImage: false,
      imageUrl: null,
    });
  });

  it('needs an https image URL only when an image is included', () => {
    const withImage = { ...valid, includeImage: true };
    expect(
      signatureRequestSchema.parse({ ...withImage, imageUrl: 'https://cdn.example.com/logo.png' }).imageUrl,
    ).toBe('https://cdn.example.com/logo.png');
    for (const imageUrl of [
      'http://cdn.example.com/logo.png',
      'javascript:alert(1)',
      'logo.png',
      undefined,
    ]) {
      expect(issuesOf(signatureRequestSchema.safeParse({ ...withImage, imageUrl }))).toEqual({
        imageUrl: ['invalidImageUrl'],
      });
    }
    expect(signatureRequestSchema.parse({ ...valid, imageUrl: 'not a url' }).imageUrl).toBeNull();
  });

  it('a copy may leave the name out but not break its rules', () => {
    expect(signatureCopyRequestSchema.parse({})).toEqual({ name: undefined });
    expect(signatureCopyRequestSchema.parse({ name: ' ' })).toEqual({ name: undefined });
    expect(issuesOf(signatureCopyRequestSchema.safeParse({ name: 'a/b' }))).toEqual({
      name: ['specialCharacters'],
    });
  });
});
