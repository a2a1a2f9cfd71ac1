/**
 * The text a reader sees in an HTML fragment, computed without a DOM so the server and the browser
 * count a signature's 2000 characters (SPEC §5) the same way. Not a sanitiser: never use the result
 * as HTML.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  middot: '·',
  bull: '•',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** Tags that start and end a line of their own. */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'table',
  'ul',
  'ol',
]);

/** Elements whose content is never shown as text. */
const HIDDEN_CONTENT_TAGS = new Set(['script', 'style', 'head', 'title', 'template']);

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** End of a tag that starts at `start` ('<'), honouring quoted attribute values that contain '>'. */
function tagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < html.length; i += 1) {
    const ch = html[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i;
    }
  }
  return html.length - 1;
}

export function htmlToPlainText(html: string): string {
  let out = '';
  // Block boundaries give one line break between texts, however many tags meet there.
  let blockBreak = false;
  const addText = (chunk: string) => {
    const text = sourceText(chunk);
    if (blockBreak && text.trim() !== '') {
      out += '\n';
      blockBreak = false;
    }
    out += text;
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      addText(html.slice(i));
      break;
    }
    addText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 40));
    if (!name && !/^<[!?/]/.test(html.slice(lt, lt + 2))) {
      // A bare '<' as in "a < b" is text, as a browser shows it.
      addText('<');
      i = lt + 1;
      continue;
    }
    const end = tagEnd(html, lt);
    const tag = name?.[1]?.toLowerCase() ?? '';
    const closing = html[lt + 1] === '/';
    if (!closing && HIDDEN_CONTENT_TAGS.has(tag)) {
      const closer = new RegExp(`</${tag}`, 'gi');
      closer.lastIndex = end + 1;
      const close = closer.exec(html);
      i = close ? tagEnd(html, close.index) + 1 : html.length;
      continue;
    }
    if (tag === 'br') {
      out += '\n';
      blockBreak = false;
    } else if (BLOCK_TAGS.has(tag)) {
      blockBreak = true;
    }
    i = end + 1;
  }
  return tidyLines(decodeHtmlEntities(out));
}

/** Whitespace in the source, newlines included, collapses to one space as in a browser (nbsp stays). */
function sourceText(text: string): string {
  return text.replace(/[ \t\r\n\f]+/g, ' ');
}

/** Line breaks made by tags stay, at most one blank line in a row (from <br><br>). */
function tidyLines(text: string): string {
  return text
    .replace(/[ \t\r\f]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}
