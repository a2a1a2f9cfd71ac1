import { describe, expect, it } from 'vitest';
import { decodeTokenClaims, isTokenExpired } from './token';

function tokenWith(claims: object): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const now = Date.UTC(2025, 0, 6, 12, 0, 0);
const inSeconds = (seconds: number) => Math.floor(now / 1000) + seconds;

describe('access token expiry', () => {
  it('reads the claims of a token, including non-ASCII text', () => {
    expect(decodeTokenClaims(tokenWith({ sub: '7', email: '김@example.com', exp: 1 }))).toEqual({
      sub: '7',
      email: '김@example.com',
      exp: 1,
    });
  });

  it('treats a token as expired 5 minutes before its exp', () => {
    expect(isTokenExpired(tokenWith({ exp: inSeconds(15 * 60) }), now)).toBe(false);
    expect(isTokenExpired(tokenWith({ exp: inSeconds(5 * 60 + 1) }), now)).toBe(false);
    expect(isTokenExpired(tokenWith({ exp: inSeconds(5 * 60) }), now)).toBe(true);
    expect(isTokenExpired(tokenWith({ exp: inSeconds(-10) }), now)).toBe(true);
  });

  it('treats a token it cannot read, or one without exp, as expired', () => {
    expect(isTokenExpired('not-a-jwt', now)).toBe(true);
    expect(isTokenExpired('a.%%%.c', now)).toBe(true);
    expect(isTokenExpired(tokenWith({ sub: '1' }), now)).toBe(true);
  });
});
