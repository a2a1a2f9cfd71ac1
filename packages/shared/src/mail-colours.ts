/*
 * Whether a mail's text colour would vanish (issue 34). Newsletters and shop banners write white
 * text on a dark background; when the background cannot be kept (a gradient, an unsafe value) or
 * is an image not yet allowed, the text turns invisible on the white page. The server's sanitiser
 * and the web's keep such a light colour only where a background colour is in effect. Colours are
 * read by hand from the few notations mail uses: no CSS parser is loaded for this.
 */

/** Named colours light enough to vanish on white (relative luminance over LIGHT_LUMINANCE). */
const LIGHT_NAMES = new Set(
  (
    'white snow honeydew mintcream azure aliceblue ghostwhite whitesmoke seashell beige oldlace ' +
    'floralwhite ivory antiquewhite linen lavenderblush mistyrose gainsboro lightgray lightgrey silver ' +
    'lightyellow lemonchiffon lightgoldenrodyellow cornsilk papayawhip blanchedalmond bisque moccasin ' +
    'navajowhite peachpuff wheat palegoldenrod khaki yellow lightcyan paleturquoise aquamarine lavender ' +
    'thistle pink lightpink palegreen lightgreen lightblue powderblue cyan aqua gold lime greenyellow ' +
    'chartreuse lightskyblue'
  ).split(' '),
);

/** Words of a background that are not a colour. */
const BACKGROUND_WORDS = new Set(
  (
    'none repeat repeat-x repeat-y no-repeat space round scroll fixed local top bottom left right ' +
    'center auto cover contain border-box padding-box content-box transparent inherit initial unset ' +
    'revert currentcolor'
  ).split(' '),
);

/** Contrast with white under 1.8 : 1 (WCAG's formula): hard to read, often invisible. */
const LIGHT_LUMINANCE = 0.53;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** [r, g, b, alpha] of #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() and rgba(); null otherwise. */
function rgbaOf(value: string): [number, number, number, number] | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex && [3, 4, 6, 8].includes(hex.length)) {
    const full = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex;
    const [r, g, b, a = 255] = (full.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
    return [r!, g!, b!, a / 255];
  }
  const call = /^rgba?\(([^)]*)\)$/.exec(text)?.[1];
  if (!call) return null;
  const parts = call.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3) return null;
  const number = (part: string, scale: number) =>
    part.endsWith('%') ? (parseFloat(part) / 100) * scale : parseFloat(part);
  const [r, g, b] = parts.slice(0, 3).map((part) => number(part, 255));
  const alpha = parts[3] === undefined ? 1 : number(parts[3], 1);
  if ([r, g, b, alpha].some((n) => n === undefined || Number.isNaN(n))) return null;
  return [r!, g!, b!, alpha];
}

/** A text colour that would hardly show on a white page (white, #eee, rgb(240,240,240), silver…). */
export function isLightTextColour(value: string): boolean {
  const text = value
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, '');
  if (LIGHT_NAMES.has(text)) return true;
  const rgba = rgbaOf(text);
  if (!rgba || rgba[3] === 0) return false;
  const [r, g, b] = rgba;
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b) > LIGHT_LUMINANCE;
}

/**
 * Whether a background value (the shorthand, background-color or bgcolor) paints a colour: a hex,
 * rgb()/hsl() that is not fully transparent, or a colour's name. An image alone does not count:
 * it shows only once the reader allows remote images.
 */
export function paintsBackgroundColour(value: string): boolean {
  const text = value
    .toLowerCase()
    .replace(/url\([^)]*\)/g, ' ')
    .replace(/!important/g, ' ');
  for (const token of text.match(/[a-z-]+\([^)]*\)|[^\s,()]+/g) ?? []) {
    if (token.startsWith('#') || token.startsWith('rgb')) {
      const rgba = rgbaOf(token);
      if (rgba && rgba[3] > 0) return true;
    } else if (token.startsWith('hsl')) {
      if (!/[,/]\s*0(\.0*)?%?\s*\)$/.test(token)) return true;
    } else if (token.includes('gradient(')) {
      return true;
    } else if (/^[a-z][a-z-]*$/.test(token) && !BACKGROUND_WORDS.has(token)) {
      return true;
    }
  }
  return false;
}

/**
 * A style attribute's declarations, split on semicolons outside quotes and parentheses (a url()
 * may hold one), each property lowercased.
 */
export function styleDeclarations(style: string): [property: string, value: string][] {
  const declarations: [string, string][] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const take = (end: number) => {
    const text = style.slice(start, end);
    const colon = text.indexOf(':');
    if (colon > 0)
      declarations.push([text.slice(0, colon).trim().toLowerCase(), text.slice(colon + 1).trim()]);
    start = end + 1;
  };
  for (let i = 0; i < style.length; i++) {
    const ch = style[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ';' && depth === 0) take(i);
  }
  take(style.length);
  return declarations;
}
