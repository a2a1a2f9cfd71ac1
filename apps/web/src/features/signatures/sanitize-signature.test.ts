import { afterEach, describe, expect, it } from 'vitest';
import { isSafeImageUrl, sanitizeSignatureHtml } from './sanitize-signature';

/** Puts the sanitised HTML into the page as the card does, so the checks see what a browser gets. */
function shown(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitizeSignatureHtml(html);
  document.body.append(host);
  return host;
}

/** Everything in the rendered tree that could run code or load something it should not. */
function dangers(host: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of host.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'svg',
        'math',
        'animate',
        'set',
        'object',
        'embed',
        'form',
        'style',
        'noscript',
        'base',
        'meta',
        'link',
      ].includes(tag)
    ) {
      found.push(`<${tag}>`);
    }
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.replace(/\s/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (['srcdoc', 'formaction', 'xlink:href', 'action'].includes(name)) found.push(`${tag}[${name}]`);
      if (/^(javascript|data|vbscript):/.test(value)) found.push(`${tag}[${name}=${value.slice(0, 20)}]`);
      if (name === 'style' && /url\(|expression|position/.test(value)) found.push(`${tag}[style=${value}]`);
    }
  }
  return found;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('sanitizeSignatureHtml', () => {
  it('keeps what a signature is made of: formatting, tables, safe links and https images', () => {
    const host = shown(
      '<p><strong>김민지</strong> | <em>Postline</em><br>' +
        '<a href="https://postline.example/team">팀 페이지</a> · <a href="mailto:minji@postline.local">메일</a></p>' +
        '<table><tr><td style="color: #3B82F6; font-weight: bold">T. 02-123-4567</td></tr></table>' +
        '<img src="https://cdn.postline.example/logo.png" alt="logo">',
    );
    expect(host.querySelector('strong')).toHaveTextContent('김민지');
    expect(host.querySelector('br')).not.toBeNull();
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://postline.example/team',
      'mailto:minji@postline.local',
    ]);
    expect(links.every((a) => a.target === '_blank' && a.rel === 'noopener noreferrer')).toBe(true);
    expect(host.querySelector('td')?.getAttribute('style')).toBe('color: #3B82F6; font-weight: bold');
    expect(host.querySelector('img')?.getAttribute('src')).toBe('https://cdn.postline.example/logo.png');
  });

  it.each([
    ['script', '<p>hi</p><script>window.hacked = 1</script>'],
    ['img onerror', '<img src=x onerror="window.hacked = 1">'],
    ['event handler on text', '<b onclick="window.hacked = 1" onmouseover="x()">bold</b>'],
    ['javascript: link', '<a href="javascript:window.hacked=1">click</a>'],
    [
      'obfuscated javascript: link',
      '<a href="jav&#x09;ascript:alert(1)">click</a><a href=" JaVaScRiPt:alert(1)">x</a>',
    ],
    ['data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>parent.hacked=1</script>"></iframe>'],
    [
      'svg animate',
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">x</text></a></svg>',
    ],
    ['svg set', '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>'],
    [
      'MathML link',
      '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
    ],
    ['CSS url()', '<p style="background-image: url(https://evil.example/track.png); color: red">x</p>'],
    ['CSS overlay', '<div style="position: fixed; top: 0; left: 0; width: 100%; height: 100%">x</div>'],
    ['mXSS through noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    [
      'form and button',
      '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
    ],
    [
      'meta refresh and base',
      '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">',
    ],
    ['style element', '<style>body { display: none }</style><p>x</p>'],
  ])('%s is inert', (_name, hostile) => {
    const host = shown(hostile);
    expect(dangers(host)).toEqual([]);
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('drops images that are not https, so a signature cannot track over http or carry data', () => {
    const host = shown(
      '<img src="http://tracker.example/p.gif" alt="a"><img src="data:image/png;base64,AAAA" alt="b">' +
        '<img src="//cdn.example/x.png" alt="c">',
    );
    expect([...host.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('keeps the CSS that only changes looks and drops the rest of the same style', () => {
    const host = shown(
      '<span style="color: red; position: absolute; font-size: 12px; behavior: url(x.htc)">x</span>',
    );
    expect(host.querySelector('span')?.getAttribute('style')).toBe('color: red; font-size: 12px');
  });
});

describe('isSafeImageUrl', () => {
  it('accepts https addresses only', () => {
    expect(isSafeImageUrl('https://cdn.example/logo.png')).toBe(true);
    expect(isSafeImageUrl('http://cdn.example/logo.png')).toBe(false);
    expect(isSafeImageUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeImageUrl('/logo.png')).toBe(false);
    expect(isSafeImageUrl(null)).toBe(false);
  });
});
