import type { Config } from '../config.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Which pages may open the real-time socket: PUBLIC_URL's origin, ALLOWED_ORIGINS, and outside
 * production any http(s) page on this machine (the Vite dev server on its own port).
 * Browsers always send Origin on WebSocket and cross-origin XHR; a request without one comes from a
 * non-browser client, which could forge the header anyway, so the bearer token is what guards it.
 */
export function originPolicy(config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'production'>) {
  const allowed = new Set(
    [config.publicUrl, ...config.allowedOrigins].map(originOf).filter((o): o is string => o !== null),
  );
  return function isAllowedOrigin(header: string | undefined): boolean {
    if (header === undefined || header === '') return true;
    const origin = originOf(header);
    if (!origin) return false;
    if (allowed.has(origin)) return true;
    return !config.production && LOCAL_HOSTS.has(new URL(origin).hostname);
  };
}
