import { describe, expect, it } from 'vitest';
import { buildFrameDocument, composeUrlOfMailto } from './html-body';

const blocked = { allowRemote: false, origin: 'https://mail.example' };

describe('buildFrameDocument', () => {
  it('drops scripts, event handlers and javascript: links', () => {
    const { srcdoc } = buildFrameDocument(
      '<p onclick="steal()">안녕<script>alert(1)</script><a href="javascript:alert(2)">x</a></p>',
      blocked,
    );
    expect(srcdoc).toContain('안녕');
    expect(srcdoc).not.toMatch(/<script|onclick|javascript:/i);
  });

  it('opens every web link in a new tab without the opener or referrer', () => {
    const { srcdoc } = buildFrameDocument(
      '<a href="https://news.example/a" target="_self">읽기</a>',
      blocked,
    );
    expect(srcdoc).toContain('href="https://news.example/a"');
    expect(srcdoc).toContain('target="_blank"');
    expect(srcdoc).toContain('rel="noopener noreferrer"');
  });

  it("turns mailto: links into Postline's compose with the address filled", () => {
    const { srcdoc } = buildFrameDocument(
      '<a href="mailto:jun@example.com?subject=Hi%20there">Jun</a>',
      blocked,
    );
    expect(srcdoc).toContain('href="https://mail.example/compose?to=jun%40example.com&amp;subject=Hi+there"');
    expect(srcdoc).toContain('target="_top"');
  });

  it('reads every part of a mailto: address (RFC 6068)', () => {
    expect(composeUrlOfMailto('mailto:a@x.com,b@x.com?cc=c@x.com&body=hello', 'http://h')).toBe(
      'http://h/compose?to=a%40x.com%2Cb%40x.com&cc=c%40x.com&body=hello',
    );
    expect(composeUrlOfMailto('https://x', 'http://h')).toBeNull();
  });

  it('blocks remote images until allowed, then lets http: and https: ones load', () => {
    const before = buildFrameDocument('<img src="https://tracker.example/p.gif">', blocked);
    expect(before.hasRemoteContent).toBe(true);
    expect(before.srcdoc).toContain('img-src data:;');
    const after = buildFrameDocument('<img src="http://tracker.example/p.gif">', {
      ...blocked,
      allowRemote: true,
    });
    expect(after.srcdoc).toContain('img-src https: http: data:');
  });

  it('shows cid: images from the inline parts given, never from the network', () => {
    const inlineImages = new Map([['logo@x', 'data:image/png;base64,AAAA']]);
    const { srcdoc } = buildFrameDocument('<img src="cid:logo@x"><img src="cid:missing@x">', {
      ...blocked,
      inlineImages,
    });
    expect(srcdoc).toContain('<img src="data:image/png;base64,AAAA">');
    expect(srcdoc).not.toContain('cid:');
  });

  it('shows a mail whose cid: or mailto: links carry escapes that are not UTF-8 (issue 32)', () => {
    const inlineImages = new Map([['logo%E0@x', 'data:image/png;base64,AAAA']]);
    const { srcdoc } = buildFrameDocument(
      '<p>본문</p><img src="cid:%E0%A4%A"><img src="cid:logo%E0@x"><a href="mailto:%E0%A4%A">메일</a>' +
        '<a href="mailto:%ED%99%8D%EA%B8%B8%E0@x.com">홍길</a>',
      { ...blocked, inlineImages },
    );
    expect(srcdoc).toContain('<p>본문</p>');
    expect(srcdoc).toContain('<img src="data:image/png;base64,AAAA">');
    expect(srcdoc).toContain('href="https://mail.example/compose?to=%25E0%25A4%25A"');
    // What decodes is decoded; the stray escape is kept as written.
    expect(composeUrlOfMailto('mailto:%ED%99%8D%EA%B8%B8%E0@x.com', 'http://h')).toBe(
      `http://h/compose?to=${encodeURIComponent('홍길%E0@x.com')}`,
    );
  });

  it('notices remote content in styles too, and none in a plain body', () => {
    expect(
      buildFrameDocument('<div style="background:url(//x.example/a.png)">a</div>', blocked).hasRemoteContent,
    ).toBe(true);
    expect(buildFrameDocument('<b>굵게</b>', blocked).hasRemoteContent).toBe(false);
  });

  it('keeps backgrounds as the server does, the images behind the remote-content consent (issue 34)', () => {
    const html =
      '<table background="https://shop.example/hero.jpg" bgcolor="#111827"><tr>' +
      '<td style="background:#111827 url(https://shop.example/b.jpg);color:#fff">SALE</td></tr></table>';
    const blocked = buildFrameDocument(html, { allowRemote: false });
    expect(blocked.srcdoc).toContain('background="https://shop.example/hero.jpg"');
    expect(blocked.srcdoc).toContain('style="background:#111827 url(https://shop.example/b.jpg);color:#fff"');
    expect(blocked.hasRemoteContent).toBe(true);
    expect(blocked.srcdoc).toContain('img-src data:;');
    expect(buildFrameDocument(html, { allowRemote: true }).srcdoc).toContain('img-src https: http: data:');
  });

  it('drops a light text colour with nothing painted behind it, as mail stored before issue 34 has', () => {
    const { srcdoc } = buildFrameDocument(
      '<div style="padding: 8px; color: #ffffff">SALE</div><p><font color="white">hidden</font></p>' +
        '<div style="background-color:#000"><span style="color:#fff">shown</span></div>',
      { allowRemote: false },
    );
    expect(srcdoc).toContain('<div style="padding: 8px">SALE</div>');
    expect(srcdoc).toContain('<font>hidden</font>');
    expect(srcdoc).toContain('<span style="color:#fff">shown</span>');
  });
});
