import { describe, expect, it } from 'vitest';
import { appendSignature, removeSignature, replaceSignature, signatureText } from './signature-block';

describe('signature block in the plain-text body', () => {
  it('turns the signature HTML into text, keeping line breaks from <br> and <p>', () => {
    expect(signatureText('<p><b>김민지</b> 팀장<br>Postline</p><p>02-123-4567 &amp; 내선 5</p>')).toBe(
      '김민지 팀장\nPostline\n02-123-4567 & 내선 5',
    );
  });

  it('goes after two blank lines, and an empty body starts with them', () => {
    expect(appendSignature('', '김민지')).toBe('\n\n김민지');
    expect(appendSignature('안녕하세요', '김민지')).toBe('안녕하세요\n\n김민지');
  });

  it('is replaced in place, keeping what was typed around it', () => {
    const body = '안녕하세요\n\n김민지\n업무팀';
    expect(replaceSignature(body, '김민지\n업무팀', '민지 드림')).toBe('안녕하세요\n\n민지 드림');
    expect(replaceSignature('위\n\n옛 서명\n아래', '옛 서명', '새 서명')).toBe('위\n\n새 서명\n아래');
  });

  it('is added at the end when the old one is no longer in the body', () => {
    expect(replaceSignature('템플릿 본문', '김민지', '민지 드림')).toBe('템플릿 본문\n\n민지 드림');
    expect(replaceSignature('본문', null, '민지 드림')).toBe('본문\n\n민지 드림');
  });

  it('is removed with its two blank lines, leaving the rest as it was', () => {
    expect(removeSignature('\n\n김민지', '김민지')).toBe('');
    expect(removeSignature('안녕하세요\n\n김민지', '김민지')).toBe('안녕하세요');
    expect(removeSignature('본문만 남음', '김민지')).toBe('본문만 남음');
  });
});
