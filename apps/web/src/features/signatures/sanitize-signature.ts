import DOMPurify, { type Config } from 'dompurify';

/**
 * Signature HTML as the browser shows it (DESIGN.md 9): the server sanitised it when it was
 * stored, and this second, strict pass makes sure nothing typed into a signature (or a preview not
 * saved yet) can run: text formatting, tables, links to http/https/mailto, images by https only.
 * No scripts, no event handlers, no frames, forms, SVG or MathML, no CSS that can fetch or overlay.
 */

const ALLOWED_TAGS = (
  'a b strong i em u s strike del ins sub sup small big mark font span div p br hr ' +
  'blockquote pre code ul ol li h1 h2 h3 h4 h5 h6 center table thead tbody tfoot tr td th ' +
  'caption colgroup col img'
).split(' ');

const ALLOWED_ATTR = (
  'href title src alt width height align valign colspan rowspan border cellpadding ' +
  'cellspacing bgcolor color size face dir style'
).split(' ');

/** Style properties that only change how text and boxes look, never where they are or what loads. */
const ALLOWED_STYLES = new Set(
  (
    'color background-color font-size font-weight font-style font-family font-variant ' +
    'text-decoration text-align text-transform line-height letter-spacing vertical-align ' +
    'white-space width height max-width border border-top border-right border-bottom ' +
    'border-left border-color border-style border-width border-radius border-collapse margin ' +
    'margin-top margin-right margin-bottom margin-left padding padding-top padding-right ' +
    'padding-bottom padding-left'
  ).split(' '),
);

/**
 * Words, numbers with units, hex colours, quoted font names and rgb()/hsl() with numbers only: no
 * url(), image-set(), expression(), var(), escapes or comments.
 */
const SAFE_STYLE_VALUE = /^(?:[#\w\s.,%'"-]|(?:rgba?|hsla?)\([\d\s.,%/]+\))+$/i;

function safeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      if (!ALLOWED_STYLES.has(property) || value === '' || !SAFE_STYLE_VALUE.test(value)) return null;
      return `${property}: ${value}`;
    })
    .filter((declaration): declaration is string => declaration !== null)
    .join('; ');
}

/** Whether a URL, read as the browser reads it, is absolute and of one of the schemes. */
function hasScheme(value: string, schemes: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) && (url.protocol === 'mailto:' || url.hostname !== '');
  } catch {
    return false;
  }
}

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  KEEP_CONTENT: true,
  // Text inside these is never something a reader should see, even as plain text.
  FORBID_CONTENTS:
    'script style template noscript noembed noframes iframe object svg math title xmp textarea select'.split(
      ' ',
    ),
};

// An instance of its own, so these hooks never change how other parts of the app sanitise.
const purifier = DOMPurify(window);

purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName !== 'style') return;
  const style = safeStyle(data.attrValue);
  if (style === '') data.keepAttr = false;
  else data.attrValue = style;
});

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && !hasScheme(href.trim(), ['http:', 'https:', 'mailto:']))
      node.removeAttribute('href');
    if (node.hasAttribute('href')) {
      // A link in a signature opens apart from the app and cannot reach back to it.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  }
  if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src');
    if (src !== null && !hasScheme(src.trim(), ['https:'])) node.removeAttribute('src');
  }
});

/** The sanitised HTML as text (for what is sent or compared, never to put into the page). */
export function sanitizeSignatureHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}

/**
 * The sanitised signature as nodes of an inert document, ready to be shown. The typed HTML is
 * parsed by DOMParser into a document with no browsing context, so nothing in it loads, runs or
 * meets the page's Content Security Policy while it is parsed and cleaned; only what survives the
 * strict pass ever reaches the page, as nodes (never through innerHTML on a live element).
 */
export function signatureFragment(html: string): DocumentFragment {
  // DOMPurify parses a string with DOMParser and, asked for a fragment, hands back one owned by
  // that inert document, not by the page.
  return purifier.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}

/** An image address the card and preview may load: https only, as the server requires. */
export function isSafeImageUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && hasScheme(url.trim(), ['https:']);
}
