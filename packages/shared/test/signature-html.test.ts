import { describe, expect, it } from 'vitest';
import { signatureContentForEditing, signatureContentHtml } from '../src/signature-html.js';

describe('signatureContentHtml', () => {
  it('keeps the lines of a signature typed as plain text, as text', () => {
    expect(signatureContentHtml('김민지 팀장\r\nPostline 업무팀\n02-123-4567 & 내선 <3>')).toBe(
      '김민지 팀장<br>Postline 업무팀<br>02-123-4567 &amp; 내선 &lt;3&gt;',
    );
  });

  it('keeps the lines around inline markup (bold, a link)', () => {
    expect(signatureContentHtml('<b>김민지</b> 팀장\n<a href="https://postline.kr">postline.kr</a>\n')).toBe(
      '<b>김민지</b> 팀장<br><a href="https://postline.kr">postline.kr</a>',
    );
  });

  it('leaves HTML that lays out its own lines as it is', () => {
    const html = '<p>김민지</p>\n<p>Postline</p>';
    expect(signatureContentHtml(html)).toBe(html);
    expect(signatureContentHtml('A<br>\nB')).toBe('A<br>\nB');
  });
});

describe('signatureContentForEditing', () => {
  it('gives back the lines of a signature saved from plain text, and leaves laid-out HTML alone', () => {
    const typed = '<b>{{name}}</b> 드림\n{{email}}';
    expect(signatureContentForEditing(signatureContentHtml(typed))).toBe(typed);
    expect(signatureContentForEditing('A<br />B')).toBe('A\nB');
    expect(signatureContentForEditing('<p>A<br>B</p>')).toBe('<p>A<br>B</p>');
  });
});
