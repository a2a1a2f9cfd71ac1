import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml, sanitizeSignatureHtml } from '../../../src/lib/sanitize-html.js';
import { HOSTILE_HTML, inertnessProblems, SIGNATURE_TAGS } from './inert.js';

const MAIL_TAGS = [
  ...SIGNATURE_TAGS,
  'abbr',
  'address',
  'bdi',
  'bdo',
  'big',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'dfn',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ins',
  'kbd',
  'mark',
  'pre',
  'q',
  'samp',
  'small',
  'strike',
  'sub',
  'sup',
  'tfoot',
  'tt',
  'var',
  'wbr',
];

describe.each([
  ['sanitizeSignatureHtml', sanitizeSignatureHtml, { tags: SIGNATURE_TAGS, imageSchemes: ['https'] }],
  ['sanitizeMailHtml', sanitizeMailHtml, { tags: MAIL_TAGS, imageSchemes: ['http', 'https', 'cid'] }],
] as const)('%s makes hostile HTML inert', (_name, sanitize, options) => {
  it.each(Object.entries(HOSTILE_HTML))('%s', (_attack, html) => {
    const out = sanitize(`<p>before</p>${html}<p>after</p>`);
    expect(inertnessProblems(out, options)).toEqual([]);
    expect(out).not.toMatch(
      /<script|<iframe|<svg|<math|<noscript|<base|<meta|<link|<form|<object|<embed|<style|<template/i,
    );
    expect(out).not.toMatch(/javascript:|vbscript:|data:/i);
    expect(out).toContain('<p>before</p>');
    // An unclosed noscript swallows the rest: more is dropped than a browser would, never less.
    if (!html.startsWith('<noscript')) expect(out).toContain('<p>after</p>');
  });

  it('drops the whole noscript mXSS, not only its tags', () => {
    expect(sanitize('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toBe('');
  });

  it('keeps ordinary formatting, tables and safe links, opened apart from the app', () => {
    const out = sanitize(
      '<table cellpadding="0"><tbody><tr><td colspan="2" valign="top"><strong>홍길동</strong> ' +
        '<span style="color:#333;font-size:12px;text-align:center">대표</span><br>' +
        '<a href="https://example.com/a?b=1&amp;c=2">site</a> <a href="mailto:hong@example.com">mail</a>' +
        '</td></tr></tbody></table><ul><li><em>one</em></li></ul><hr><blockquote><u>q</u></blockquote>',
    );
    expect(out).toContain('<td colspan="2" valign="top">');
    expect(out).toContain('<span style="color:#333;font-size:12px;text-align:center">대표</span>');
    expect(out).toContain('href="https://example.com/a?b=1&amp;c=2"');
    expect(out).toContain('href="mailto:hong@example.com"');
    expect(out.match(/rel="noopener noreferrer"/g)).toHaveLength(2);
    expect(out.match(/target="_blank"/g)).toHaveLength(2);
    expect(out).toContain('<li><em>one</em></li>');
  });

  it('drops relative and protocol-relative links and images but keeps their text', () => {
    const out = sanitize(
      '<a href="/settings">rel</a><a href="//evil.example/x">proto</a><img src="logo.png">',
    );
    expect(out).toBe('relproto');
  });

  it('drops attribute values that are not what they claim to be', () => {
    const out = sanitize(
      '<table border="1px solid" cellpadding="x"><tr><td rowspan="2;x" align="middle">c</td></tr></table>',
    );
    expect(out).toBe('<table><tr><td>c</td></tr></table>');
  });
});

describe('sanitizeSignatureHtml', () => {
  it('accepts images only by https', () => {
    expect(sanitizeSignatureHtml('<img src="https://cdn.example.com/logo.png" alt="logo" width="120">')).toBe(
      '<img alt="logo" width="120" src="https://cdn.example.com/logo.png" />',
    );
    expect(sanitizeSignatureHtml('<img src="http://cdn.example.com/logo.png">')).toBe('');
    expect(sanitizeSignatureHtml('<img src="cid:logo@x">')).toBe('');
  });

  it('keeps only its small set of styles', () => {
    expect(
      sanitizeSignatureHtml('<span style="font-weight:bold;position:fixed;font-family:Arial">x</span>'),
    ).toBe('<span style="font-weight:bold">x</span>');
  });

  it('has no font, headings or class attributes', () => {
    expect(sanitizeSignatureHtml('<font color="red">f</font><h1 class="x">h</h1>')).toBe('fh');
  });
});

describe('sanitizeMailHtml', () => {
  it('allows http, https and cid images (the browser blocks remote ones until allowed)', () => {
    expect(sanitizeMailHtml('<img src="http://a.example/x.png"><img src="cid:part1@mail">')).toBe(
      '<img src="http://a.example/x.png" /><img src="cid:part1@mail" />',
    );
  });

  it('keeps layout styles; url() only for a remote background image', () => {
    const out = sanitizeMailHtml(
      `<div style="font-family:Arial, 'Malgun Gothic', sans-serif;border:1px solid #ccc;padding:4px 8px;` +
        'background-image:url(https://t.example/p.gif);background-color:rgb(255, 255, 255);' +
        'list-style-image:url(https://t.example/l.gif)">x</div>',
    );
    expect(out).toBe(
      `<div style="font-family:Arial, 'Malgun Gothic', sans-serif;border:1px solid #ccc;padding:4px 8px;` +
        'background-image:url(https://t.example/p.gif);background-color:rgb(255, 255, 255)">x</div>',
    );
  });

  it('keeps safe backgrounds: colours, the shorthand and remote images (issue 34)', () => {
    expect(sanitizeMailHtml('<td style="background:#1a1a1a;color:#fff">SALE</td>')).toBe(
      '<td style="background:#1a1a1a;color:#fff">SALE</td>',
    );
    expect(
      sanitizeMailHtml(
        '<div style="background:#000 url(\'https://shop.example/b.jpg\') no-repeat center / cover">x</div>',
      ),
    ).toBe(
      '<div style="background:#000 url(\'https://shop.example/b.jpg\') no-repeat center / cover">x</div>',
    );
    expect(
      sanitizeMailHtml('<table background="https://shop.example/b.jpg"><tr><td>x</td></tr></table>'),
    ).toBe('<table background="https://shop.example/b.jpg"><tr><td>x</td></tr></table>');
    for (const bad of [
      '<div style="background:url(javascript:alert(1))">x</div>',
      '<div style="background-image:url(/local.png)">x</div>',
      '<div style="background:url(https://a.example/x.png) , expression(alert(1))">x</div>',
      '<div style="background-image:url(&quot;https://a.example/x&quot;&quot;)">x</div>',
    ]) {
      expect(sanitizeMailHtml(bad), bad).toBe('<div>x</div>');
    }
    expect(sanitizeMailHtml('<td background="javascript:alert(1)">x</td>')).toBe('<td>x</td>');
    expect(sanitizeMailHtml('<td background="//cdn.example/b.jpg">x</td>')).toBe('<td>x</td>');
  });

  it('drops a light text colour where no background colour is kept behind it, so text never vanishes', () => {
    // A gradient is not kept: its white text would be white on white.
    expect(
      sanitizeMailHtml(
        '<div style="background:linear-gradient(#000, #333);color:#ffffff;padding:8px">SALE</div>',
      ),
    ).toBe('<div style="padding:8px">SALE</div>');
    // An image alone shows only once remote images are allowed; until then the text must show.
    expect(
      sanitizeMailHtml('<div style="background:url(https://s.example/b.jpg);color:white">SALE</div>'),
    ).toBe('<div style="background:url(https://s.example/b.jpg)">SALE</div>');
    expect(
      sanitizeMailHtml('<p><font color="#fafafa">hidden?</font> <span style="color:#333">dark</span></p>'),
    ).toBe('<p><font>hidden?</font> <span style="color:#333">dark</span></p>');
    // An ancestor's background colour counts, from a bgcolor attribute or a style.
    expect(
      sanitizeMailHtml(
        '<table bgcolor="#003366"><tr><td><span style="color:#fff">x</span></td></tr></table>',
      ),
    ).toBe('<table bgcolor="#003366"><tr><td><span style="color:#fff">x</span></td></tr></table>');
    expect(
      sanitizeMailHtml('<div style="background-color:navy"><p>a</p></div><p style="color:#fff">b</p>'),
    ).toBe('<div style="background-color:navy"><p>a</p></div><p>b</p>');
    // A background on an element the sanitiser drops (body) paints nothing that is kept.
    expect(sanitizeMailHtml('<body style="background:#000"><p style="color:#fff">c</p></body>')).toBe(
      '<p>c</p>',
    );
  });

  it('keeps the text of a whole document but not its head', () => {
    const out = sanitizeMailHtml(
      '<html><head><title>t</title><style>p{}</style></head><body><h1>제목</h1><p>본문</p></body></html>',
    );
    expect(out).toBe('<h1>제목</h1><p>본문</p>');
  });
});
