import { TOKEN_EXPIRY_SKEW_MS } from '@postline/shared/limits';

export interface TokenClaims {
  exp?: number;
  sub?: string;
  userId?: string | number;
  email?: string;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload of a JWT without checking it: the server is the one that verifies. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** SPEC §4: a token counts as expired 5 minutes before its exp; one without exp is expired. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = decodeTokenClaims(token)?.exp;
  if (typeof exp !== 'number') return true;
  return exp * 1000 - TOKEN_EXPIRY_SKEW_MS <= now;
}
