import DOMPurify from 'dompurify';
import { isLightTextColour, paintsBackgroundColour, styleDeclarations } from '@postline/shared/mail-colours';
import { decodeUrlPart } from '@postline/shared/url-parts';
import { paths } from '@/lib/paths';

/**
 * An HTML mail body ready for a sandboxed frame (DESIGN.md 9): sanitised again here, and wrapped
 * in a document whose Content-Security-Policy loads nothing from the network until the user
 * allows remote images. Scripts never run: the frame's sandbox has no allow-scripts.
 */
export interface FrameDocument {
  srcdoc: string;
  /** The body refers to images or styles elsewhere on the web (trackers, usually). */
  hasRemoteContent: boolean;
}

export interface FrameOptions {
  allowRemote: boolean;
  /** Inline parts by Content-ID (without brackets) as data: URLs: `cid:` images show from these. */
  inlineImages?: ReadonlyMap<string, string>;
  /** The app's origin, for mailto: links that open Postline's compose. */
  origin?: string;
}

const REMOTE_ATTRIBUTE = /\b(?:src|srcset|background|poster)\s*=\s*["']?\s*(?:https?:)?\/\//i;
const REMOTE_URL = /url\(\s*["']?\s*(?:https?:)?\/\//i;

// data: carries the inline cid: images (see inlineImages); nothing else loads until allowed.
const BLOCKED_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";
const ALLOWED_POLICY =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline' https: http:; font-src https: http: data:";

const FRAME_STYLE =
  'html,body{overflow:hidden}body{margin:0;padding:4px;font-family:system-ui,sans-serif;font-size:14px;line-height:1.6;color:#111827;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}';

/** The sandbox of the visible frame: links may open new tabs (outside the sandbox), nothing else. */
export const FRAME_SANDBOX =
  'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

/** A mailto: address as Postline's own compose URL (RFC 6068: to, cc, bcc, subject, body). */
export function composeUrlOfMailto(href: string, origin: string): string | null {
  const match = /^mailto:([^?]*)(?:\?(.*))?$/i.exec(href.trim());
  if (!match) return null;
  const query = new URLSearchParams();
  const to = decodeUrlPart(match[1] ?? '').trim();
  const headers = new URLSearchParams(match[2] ?? '');
  const allTo = [to, headers.get('to') ?? ''].filter(Boolean).join(',');
  if (allTo) query.set('to', allTo);
  for (const key of ['cc', 'bcc', 'subject', 'body']) {
    const value = headers.get(key);
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return `${origin}${paths.compose}${search ? `?${search}` : ''}`;
}

// Its own instance: the hooks below must not touch the sanitising of signatures elsewhere.
const purifier = typeof window === 'undefined' ? null : DOMPurify(window);
let current: Required<FrameOptions> = { allowRemote: false, inlineImages: new Map(), origin: '' };

/** Whether a background colour paints behind this element: its own, or an ancestor's. */
function paintedBehind(element: Element | null): boolean {
  for (let node = element; node; node = node.parentElement) {
    const bgcolor = node.getAttribute('bgcolor');
    if (bgcolor && paintsBackgroundColour(bgcolor)) return true;
    const painted = styleDeclarations(node.getAttribute('style') ?? '').some(
      ([property, value]) =>
        (property === 'background' || property === 'background-color') && paintsBackgroundColour(value),
    );
    if (painted) return true;
  }
  return false;
}

/**
 * The server's rule again (apps/server/src/lib/text-colour-guard.ts, issue 34), for mail stored
 * before it: a light text colour stays only where a background colour paints behind it, so white
 * text whose dark background was lost, or is an image not yet allowed, still shows.
 */
function keepTextVisible(element: Element): void {
  const style = element.getAttribute('style');
  const declarations = style ? styleDeclarations(style) : [];
  const light = declarations.some(([property, value]) => property === 'color' && isLightTextColour(value));
  const font = element.tagName === 'FONT' && isLightTextColour(element.getAttribute('color') ?? '');
  if ((!light && !font) || paintedBehind(element)) return;
  if (font) element.removeAttribute('color');
  if (!light) return;
  const kept = declarations.filter(([property, value]) => property !== 'color' || !isLightTextColour(value));
  if (kept.length === 0) element.removeAttribute('style');
  else element.setAttribute('style', kept.map(([property, value]) => `${property}: ${value}`).join('; '));
}

purifier?.addHook('afterSanitizeAttributes', (node) => {
  const element = node as Element;
  if (element.nodeType === 1) keepTextVisible(element);
  if (element.tagName === 'A' || element.tagName === 'AREA') {
    const href = element.getAttribute('href') ?? '';
    const compose = /^mailto:/i.test(href) ? composeUrlOfMailto(href, current.origin) : null;
    if (compose) {
      // Postline's own compose replaces the app page; only a click can do that (sandbox).
      element.setAttribute('href', compose);
      element.setAttribute('target', '_top');
    } else {
      // Every other link opens in a new tab, outside the sandbox, and the mail stays open.
      element.setAttribute('target', '_blank');
    }
    element.setAttribute('rel', 'noopener noreferrer');
  }
  if (element.tagName === 'IMG') {
    const src = element.getAttribute('src') ?? '';
    if (/^cid:/i.test(src)) {
      const cid = decodeUrlPart(src.slice(4)).replace(/^<|>$/g, '');
      const data = current.inlineImages.get(cid);
      if (data) element.setAttribute('src', data);
      else element.removeAttribute('src');
    }
  }
});

export function sanitizeMailHtml(html: string, options: FrameOptions = { allowRemote: false }): string {
  if (!purifier) return '';
  current = {
    allowRemote: options.allowRemote,
    inlineImages: options.inlineImages ?? new Map(),
    origin: options.origin ?? window.location.origin,
  };
  return purifier.sanitize(html, {
    FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'base', 'meta', 'link'],
    ADD_ATTR: ['target'],
  });
}

export function buildFrameDocument(html: string, options: FrameOptions): FrameDocument {
  const clean = sanitizeMailHtml(html, options);
  const policy = options.allowRemote ? ALLOWED_POLICY : BLOCKED_POLICY;
  return {
    hasRemoteContent: REMOTE_ATTRIBUTE.test(clean) || REMOTE_URL.test(clean),
    srcdoc:
      `<!doctype html><html><head><meta charset="utf-8">` +
      `<meta http-equiv="Content-Security-Policy" content="${policy}">` +
      `<style>${FRAME_STYLE}</style></head><body>${clean}</body></html>`,
  };
}
