import DOMPurify from 'dompurify';

/**
 * An HTML mail body ready for a sandboxed frame (DESIGN.md 9): sanitised again here, and wrapped
 * in a document whose Content-Security-Policy loads nothing from the network until the user
 * allows remote images. Scripts never run: the frame has sandbox="" on top of the sanitising.
 */
export interface FrameDocument {
  srcdoc: string;
  /** The body refers to images or styles elsewhere on the web (trackers, usually). */
  hasRemoteContent: boolean;
}

const REMOTE_ATTRIBUTE = /\b(?:src|srcset|background|poster)\s*=\s*["']?\s*(?:https?:)?\/\//i;
const REMOTE_URL = /url\(\s*["']?\s*(?:https?:)?\/\//i;

const BLOCKED_POLICY = "default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'; font-src data:";
const ALLOWED_POLICY =
  "default-src 'none'; img-src https: http: data: cid:; style-src 'unsafe-inline' https: http:; font-src https: http: data:";

const FRAME_STYLE =
  'body{margin:0;padding:4px;font-family:system-ui,sans-serif;font-size:14px;line-height:1.6;color:#111827;word-wrap:break-word}img{max-width:100%;height:auto}';

export function sanitizeMailHtml(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select'] });
}

export function buildFrameDocument(html: string, allowRemote: boolean): FrameDocument {
  const clean = sanitizeMailHtml(html);
  const policy = allowRemote ? ALLOWED_POLICY : BLOCKED_POLICY;
  return {
    hasRemoteContent: REMOTE_ATTRIBUTE.test(clean) || REMOTE_URL.test(clean),
    srcdoc:
      `<!doctype html><html><head><meta charset="utf-8">` +
      `<meta http-equiv="Content-Security-Policy" content="${policy}">` +
      `<style>${FRAME_STYLE}</style></head><body>${clean}</body></html>`,
  };
}
