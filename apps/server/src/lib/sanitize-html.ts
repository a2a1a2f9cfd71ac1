import sanitizeHtml from 'sanitize-html';
import {
  styleDeclarations,
  TextColourGuard,
  withoutLightText,
  isLightTextColour,
} from './text-colour-guard.js';

/**
 * Allow-list sanitising of HTML that users or mail supply, done when it is stored (DESIGN.md 9);
 * the browser sanitises again with DOMPurify when it shows it. Anything not listed here is
 * dropped: scripts, event handlers, forms, frames, objects, SVG, MathML, base/meta/link, comments.
 *
 * sanitizeSignatureHtml: what a signature needs (text formatting, links, https images, tables).
 * sanitizeMailHtml: a broader set for received and composed mail bodies.
 */

/** Elements dropped together with everything inside them, not only their tags. */
const DROPPED_WITH_CONTENT = (
  'script style textarea option select xmp noscript noembed noframes iframe frame frameset object embed ' +
  'applet template title head svg math plaintext'
).split(' ');

type UrlScheme = 'http' | 'https' | 'mailto' | 'cid';

/**
 * The URL as a browser would read it, when it is absolute and of an allowed scheme; null
 * otherwise. Tabs and newlines inside and control characters around are removed first, as the
 * WHATWG URL parser does, so 'jav&#x09;ascript:' (already entity-decoded here) is seen as
 * javascript: and refused. Relative URLs are refused: a mail is read far from where it was written.
 */
export function allowedUrl(value: string, schemes: readonly UrlScheme[]): string | null {
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  const cleaned = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1]?.toLowerCase();
  if (!scheme || !(schemes as readonly string[]).includes(scheme)) return null;
  try {
    const url = new URL(cleaned);
    if (url.protocol !== `${scheme}:`) return null;
    if ((scheme === 'http' || scheme === 'https') && url.hostname === '') return null;
  } catch {
    return null;
  }
  return cleaned;
}

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i,
  /^[a-z]{3,24}$/i,
];
const LENGTH = /^(0|\d{1,4}(\.\d{1,3})?(px|pt|em|rem|%))$/;

/** The style properties of a signature, each with the values it may take. */
const SIGNATURE_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'font-size': [LENGTH, /^(xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic|oblique)$/],
  'text-decoration': [/^(none|underline|overline|line-through)(\s+(underline|overline|line-through))*$/],
  'text-align': [/^(left|right|center|justify|start|end)$/],
};

/**
 * A CSS value made only of words, numbers with units, hex colours, quoted font names and
 * rgb()/hsl() calls with numbers: no url(), expression(), var(), image-set(), escapes or comments.
 */
const CSS_TOKEN = String.raw`(?:#[0-9a-f]{3,8}|-?\d*\.?\d+(?:px|pt|em|rem|ex|ch|vw|vh|cm|mm|in|%)?|[a-z][a-z-]*|"[\w\s-]*"|'[\w\s-]*'|(?:rgba?|hsla?)\(\s*[\d.%\s,/]+\))`;
const SAFE_CSS_VALUE = new RegExp(String.raw`^${CSS_TOKEN}(?:\s*,?\s*${CSS_TOKEN})*$`, 'i');

/**
 * A background may name a remote image (issue 34): url() of an absolute http(s) address without
 * quotes, parentheses, backslashes or spaces inside. It loads only once the reader allows remote
 * images, as an <img> does: the web frame's Content-Security-Policy holds it back until then.
 */
const CSS_IMAGE_URL = String.raw`url\(\s*(?:"https?:\/\/[^\s"'()\\<>]+"|'https?:\/\/[^\s"'()\\<>]+'|https?:\/\/[^\s"'()\\<>]+)\s*\)`;
const CSS_BACKGROUND_TOKEN = String.raw`(?:${CSS_IMAGE_URL}|${CSS_TOKEN}|\/)`;
const SAFE_BACKGROUND = new RegExp(
  String.raw`^${CSS_BACKGROUND_TOKEN}(?:\s*,?\s*${CSS_BACKGROUND_TOKEN})*$`,
  'i',
);
const BACKGROUND_IMAGE = new RegExp(String.raw`^(?:none|${CSS_IMAGE_URL})$`, 'i');

const MAIL_STYLE_PROPERTIES = (
  'background-color border border-top border-right border-bottom border-left border-color border-style ' +
  'border-width border-radius border-collapse border-spacing display font font-family font-variant height ' +
  'letter-spacing line-height list-style-type margin margin-top margin-right margin-bottom margin-left ' +
  'max-width min-width padding padding-top padding-right padding-bottom padding-left table-layout ' +
  'text-indent text-transform vertical-align white-space width word-break'
).split(' ');

const MAIL_STYLES: Record<string, RegExp[]> = {
  ...Object.fromEntries(MAIL_STYLE_PROPERTIES.map((property) => [property, [SAFE_CSS_VALUE]])),
  ...SIGNATURE_STYLES,
  color: [...COLOR, SAFE_CSS_VALUE],
  background: [SAFE_BACKGROUND],
  'background-image': [BACKGROUND_IMAGE],
};

/** Attributes checked by value wherever they are allowed; a value that fails is dropped. */
const NUMBER = /^\d{1,4}$/;
const SIZE = /^\d{1,4}(%|px)?$/;
const ATTRIBUTE_VALUES: Record<string, RegExp> = {
  width: SIZE,
  height: SIZE,
  colspan: NUMBER,
  rowspan: NUMBER,
  border: NUMBER,
  cellpadding: NUMBER,
  cellspacing: NUMBER,
  align: /^(left|right|center|justify)$/i,
  valign: /^(top|middle|bottom|baseline)$/i,
  bgcolor: /^(#[0-9a-f]{3,8}|[a-z]{3,24})$/i,
  color: /^(#[0-9a-f]{3,8}|[a-z]{3,24})$/i,
  size: /^[1-7]$|^[+-][1-6]$/,
  face: /^[\w\s,'"-]{1,100}$/,
  dir: /^(ltr|rtl|auto)$/i,
  span: NUMBER,
};

interface Policy {
  tags: string[];
  attributes: Record<string, string[]>;
  styles: Record<string, RegExp[]>;
  linkSchemes: readonly UrlScheme[];
  imageSchemes: readonly UrlScheme[];
  /** Mail only: light text stays only where a background colour is in effect (issue 34). */
  colourGuard?: TextColourGuard;
}

/** The declarations and bgcolor of an element as the policy will keep them. */
function keptBackground(policy: Policy, tagName: string, attribs: sanitizeHtml.Attributes) {
  const declarations = styleDeclarations(attribs.style ?? '').filter(([property, value]) =>
    (policy.styles[property] ?? []).some((pattern) => pattern.test(value)),
  );
  const bgcolor = attribs.bgcolor?.trim();
  const bgcolorKept =
    bgcolor !== undefined &&
    (policy.attributes[tagName] ?? []).includes('bgcolor') &&
    ATTRIBUTE_VALUES.bgcolor!.test(bgcolor);
  return { declarations, bgcolor: bgcolorKept ? bgcolor : undefined };
}

/** Takes light text colours off an element with no background colour in effect behind it. */
function guardTextColour(
  policy: Policy,
  tagName: string,
  attribs: sanitizeHtml.Attributes,
): sanitizeHtml.Attributes {
  const guard = policy.colourGuard;
  if (!guard || !policy.tags.includes(tagName)) return attribs;
  if (guard.mayKeepLightText(keptBackground(policy, tagName, attribs))) return attribs;
  const { style, color, ...rest } = attribs;
  const guarded: sanitizeHtml.Attributes = { ...rest };
  const kept = style === undefined ? undefined : withoutLightText(styleDeclarations(style));
  if (kept !== undefined) guarded.style = kept;
  if (color !== undefined && !isLightTextColour(color)) guarded.color = color;
  return guarded;
}

/** Checks URLs and attribute values, and makes every surviving link open apart from the app. */
function cleanAttributes(policy: Policy, tagName: string, given: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const attribs = guardTextColour(policy, tagName, given);
  const out: sanitizeHtml.Attributes = {};
  for (const [name, raw] of Object.entries(attribs)) {
    const value = raw.trim();
    const pattern = ATTRIBUTE_VALUES[name];
    if (pattern && !pattern.test(value)) continue;
    if (name === 'href' || name === 'src' || name === 'background') continue;
    out[name] = value;
  }
  // A table's background image: remote only, shown once the reader allows remote images.
  if (attribs.background !== undefined) {
    const background = allowedUrl(attribs.background, ['http', 'https']);
    if (background) out.background = background;
  }
  if (tagName === 'a' && attribs.href !== undefined) {
    const href = allowedUrl(attribs.href, policy.linkSchemes);
    if (href) Object.assign(out, { href, target: '_blank', rel: 'noopener noreferrer' });
  }
  if (tagName === 'img' && attribs.src !== undefined) {
    const src = allowedUrl(attribs.src, policy.imageSchemes);
    if (src) out.src = src;
  }
  return { tagName, attribs: out };
}

function optionsFor(policy: Policy): sanitizeHtml.IOptions {
  return {
    allowedTags: policy.tags,
    allowedAttributes: policy.attributes,
    allowedStyles: { '*': policy.styles },
    allowedSchemes: [...policy.linkSchemes],
    allowedSchemesByTag: { img: [...policy.imageSchemes] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'background', 'action', 'formaction'],
    allowProtocolRelative: false,
    allowVulnerableTags: false,
    disallowedTagsMode: 'discard',
    enforceHtmlBoundary: false,
    nonTextTags: DROPPED_WITH_CONTENT,
    nestingLimit: 100,
    parseStyleAttributes: true,
    transformTags: { '*': (tagName, attribs) => cleanAttributes(policy, tagName, attribs) },
    ...(policy.colourGuard
      ? {
          onOpenTag: () => policy.colourGuard?.open(),
          onCloseTag: () => policy.colourGuard?.close(),
        }
      : {}),
    // An image without a usable source is nothing; a link without one is just its text.
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img') return !frame.attribs.src;
      if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
      return false;
    },
  };
}

const TABLE_CELL = ['colspan', 'rowspan', 'align', 'valign', 'width', 'height'];

const SIGNATURE_POLICY: Policy = {
  tags: 'b strong i em u s br p div span a img hr ul ol li blockquote table thead tbody tr td th'.split(' '),
  attributes: {
    '*': ['style'],
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'align'],
    td: TABLE_CELL,
    th: TABLE_CELL,
    p: ['align'],
    div: ['align'],
  },
  styles: SIGNATURE_STYLES,
  linkSchemes: ['http', 'https', 'mailto'],
  imageSchemes: ['https'],
};

const MAIL_POLICY: Policy = {
  tags: [
    ...SIGNATURE_POLICY.tags,
    ...(
      'abbr address bdi bdo big caption center cite code col colgroup dd del dfn dl dt figcaption figure ' +
      'font h1 h2 h3 h4 h5 h6 ins kbd mark pre q samp small strike sub sup tfoot tt var wbr'
    ).split(' '),
  ],
  attributes: {
    '*': ['style', 'title', 'dir', 'align'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'height', 'bgcolor', 'background'],
    tr: ['valign', 'bgcolor', 'height', 'background'],
    td: [...TABLE_CELL, 'bgcolor', 'background'],
    th: [...TABLE_CELL, 'bgcolor', 'background'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    font: ['color', 'face', 'size'],
  },
  styles: MAIL_STYLES,
  linkSchemes: ['http', 'https', 'mailto'],
  imageSchemes: ['http', 'https', 'cid'],
  colourGuard: new TextColourGuard(),
};

const SIGNATURE_OPTIONS = optionsFor(SIGNATURE_POLICY);
const MAIL_OPTIONS = optionsFor(MAIL_POLICY);

/** A signature as it may be stored and inserted into mail: formatting, links, https images, tables. */
export function sanitizeSignatureHtml(html: string): string {
  return sanitizeHtml(html, SIGNATURE_OPTIONS).trim();
}

/** A mail body (received or composed): the signature set plus more tags and styles; cid images. */
export function sanitizeMailHtml(html: string): string {
  // One run at a time per thread (sanitize-html is synchronous): the guard follows this one.
  MAIL_POLICY.colourGuard?.reset();
  return sanitizeHtml(html, MAIL_OPTIONS).trim();
}
