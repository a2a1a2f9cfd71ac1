import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const secret = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-0123456789');

describe('mock login', () => {
  it('creates the user on first sign-in with the system mailboxes (Archive too) and returns tokens', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mock-login',
      payload: { email: 'Minji@Example.com', name: '김민지' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      expiresIn: 900,
      tokenType: 'Bearer',
      user: { email: 'Minji@Example.com', name: '김민지', language: 'ko' },
    });
    expect(body.data.accessToken.split('.')).toHaveLength(3);
    const rows = await ctx.db.database.db.execute(
      sql`SELECT type FROM mailboxes WHERE user_id = ${body.data.user.id} ORDER BY type`,
    );
    expect((rows as unknown as { rows: { type: string }[] }).rows.map((r) => r.type)).toEqual([
      'ARCHIVE',
      'DRAFTS',
      'INBOX',
      'SCHEDULED',
      'SENT',
      'TRASH',
    ]);
  });

  it('signs the same person in again without creating a second account (e-mail case ignored)', async () => {
    const a = await signIn(ctx.app, 'jun@example.com', 'Jun');
    const b = await signIn(ctx.app, 'JUN@example.com', 'Jun again');
    expect(b.user.id).toBe(a.user.id);
  });

  it('refuses a missing name or a malformed e-mail with a 400 envelope in the requested language', async () => {
    const ko = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mock-login',
      payload: { email: 'not-an-email', name: 'x' },
    });
    expect(ko.statusCode).toBe(400);
    expect(ko.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(ko.json().message).toMatch(/입력값/);
    expect(ko.json().errors[0].field).toBe('email');

    const en = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mock-login',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { email: 'a@b.co' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/not valid/);
    expect(en.json().errors).toEqual([{ field: 'name', message: 'This field is required.' }]);
  });

  it('answers malformed JSON, a wrong content type and an empty body with 400 envelopes', async () => {
    for (const [payload, type] of [
      ['{"email":', 'application/json'],
      ['', 'application/json'],
      ['email=a', 'text/plain'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/mock-login',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('tokens', () => {
  it('GET /auth/me needs a valid bearer token', async () => {
    const me = await signIn(ctx.app, 'me@example.com', 'Me');
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: me.headers });
    expect(ok.json().data).toMatchObject({ id: me.user.id, email: 'me@example.com' });

    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_FAILED' });

    const [h, p] = me.accessToken.split('.');
    const broken = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${h}.${p}.AAAA` },
    });
    expect(broken.statusCode).toBe(401);

    const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const unsigned = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${algNone}` },
    });
    expect(unsigned.statusCode).toBe(401);

    const expired = await new SignJWT({ email: 'me@example.com', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(me.user.id))
      .setIssuer('postline')
      .setAudience('postline-web')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('TOKEN_EXPIRED');
  });

  it('rotates the refresh token on every use, and a reused one revokes the whole family', async () => {
    const s = await signIn(ctx.app, 'rotate@example.com', 'Rotate');
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: s.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().data;
    expect(rotated.refreshToken).not.toBe(s.refreshToken);
    const meWithNew = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${rotated.accessToken}` },
    });
    expect(meWithNew.statusCode).toBe(200);

    // The old token again: theft assumed, the family dies, the newest token too.
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: s.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    const next = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(next.statusCode).toBe(401);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${rotated.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('logout revokes this session only', async () => {
    const phone = await signIn(ctx.app, 'two@example.com', 'Two');
    const laptop = await signIn(ctx.app, 'two@example.com', 'Two');
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: phone.headers,
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: phone.headers })).statusCode,
    ).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: phone.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: laptop.headers })).statusCode,
    ).toBe(200);
  });

  it('refuses unknown refresh tokens and exchange codes', async () => {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: 'nope' },
    });
    expect(r.statusCode).toBe(401);
    const e = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/exchange-token?code=nope' });
    expect(e.statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/exchange-token' });
    expect(missing.statusCode).toBe(400);
  });

  it('lets the user choose the language server-written texts use', async () => {
    const s = await signIn(ctx.app, 'lang@example.com', 'Lang');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/me',
      headers: s.headers,
      payload: { language: 'en' },
    });
    expect(res.json().data.language).toBe('en');
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/me',
      headers: s.headers,
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('OpenID without configuration', () => {
  it('sends the browser back to the login page with a reason', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/oauth2/authorization/keycloak' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/login\?error=oidc_not_configured$/);
  });
});
