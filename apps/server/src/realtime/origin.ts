import type { Config } from '../config.js';
import { isLoopbackHost, withLoopbackAliases } from '../lib/public-origin.js';

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
 * Which pages may open the real-time socket: PUBLIC_URL's origin, ALLOWED_ORIGINS (each under all
 * loopback names when it is on one), and outside production any http(s) page on this machine (the
 * Vite dev server on its own port).
 * Browsers always send Origin on WebSocket and cross-origin XHR; a request without one comes from a
 * non-browser client, which could forge the header anyway, so the bearer token is what guards it.
 */
export function originPolicy(config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'production'>) {
  const allowed = new Set(
    [config.publicUrl, ...config.allowedOrigins]
      .map(originOf)
      .filter((o): o is string => o !== null)
      .flatMap(withLoopbackAliases),
  );
  return function isAllowedOrigin(header: string | undefined): boolean {
    if (header === undefined || header === '') return true;
    const origin = originOf(header);
    if (!origin) return false;
    if (allowed.has(origin)) return true;
    return !config.production && isLoopbackHost(new URL(origin).hostname);
  };
}
