import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Provider from 'oidc-provider';
import { LANGUAGE_COOKIE } from '@postline/shared/errors';
import { createTestApp, type TestContext } from '../../helpers/test-app.js';

/**
 * The whole OpenID Connect code flow against a real, certified provider (oidc-provider) started
 * here, with its development login and consent pages filled in as a browser would.
 */
const CLIENT = { client_id: 'postline', client_secret: 'postline-secret-0123456789' };
let provider: http.Server;
let issuer: string;
let ctx: TestContext;
const publicUrl = 'http://127.0.0.1:1';

beforeAll(async () => {
  provider = http.createServer();
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${publicUrl}/api/v1/login/oauth2/code/keycloak`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@corp.example`, email_verified: true, name: `${id} 님` }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key'] },
  });
  // The provider's own log of the dev-interaction warning is noise in the test output.
  oidc.on('server_error', () => undefined);
  provider.on('request', oidc.callback());
  ctx = await createTestApp({
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    PUBLIC_URL: publicUrl,
  });
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

/** A tiny browser: follows redirects, keeps cookies, submits the provider's forms. */
async function browseProvider(start: string, login: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = start;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(publicUrl)) return url;
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'login';
    const fields = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      fields.set('login', login);
      fields.set('password', 'any');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = fields.toString();
  }
  throw new Error('too many steps');
}

describe('OpenID Connect sign-in', () => {
  it('runs the code flow with PKCE, creates the user by verified e-mail and trades a one-time code', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/v1/oauth2/authorization/keycloak' });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const callback = new URL(await browseProvider(authorize.href, 'sora'));
    const done = await ctx.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(done.statusCode).toBe(302);
    const appCallback = new URL(String(done.headers.location));
    expect(appCallback.pathname).toBe('/auth/callback');
    const code = appCallback.searchParams.get('code');
    expect(code).toBeTruthy();

    const exchanged = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/exchange-token?code=${code}`,
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().data.user).toMatchObject({ email: 'sora@corp.example', name: 'sora 님' });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${exchanged.json().data.accessToken}` },
    });
    expect(me.json().data.email).toBe('sora@corp.example');

    // The code works once only.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/v1/auth/exchange-token?code=${code}` });
    expect(again.statusCode).toBe(401);

    // Replaying the provider's callback (same state) is refused.
    const replay = await ctx.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(String(replay.headers.location)).toContain('/auth/callback?error=');
  });

  it("starts a new account in the sign-in page's language; a later sign-in elsewhere keeps it", async () => {
    /** The whole flow as a browser whose sign-in page shows `language` (the app's cookie) and asks in it. */
    const signInFrom = async (login: string, language: 'ko' | 'en') => {
      const headers = { 'accept-language': language, cookie: `${LANGUAGE_COOKIE}=${language}` };
      const start = await ctx.app.inject({ method: 'GET', url: '/api/v1/oauth2/authorization/keycloak' });
      const callback = new URL(await browseProvider(String(start.headers.location), login));
      const done = await ctx.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers });
      const code = new URL(String(done.headers.location)).searchParams.get('code');
      const exchanged = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/auth/exchange-token?code=${code}`,
        headers,
      });
      expect(exchanged.statusCode).toBe(200);
      return exchanged.json().data.user as { language: string };
    };
    expect(await signInFrom('emma', 'en')).toMatchObject({ language: 'en' });
    // A fresh browser in Korean: the person is still English (issue 34).
    expect(await signInFrom('emma', 'ko')).toMatchObject({ language: 'en' });
  });

  it('turns a provider error into the callback error parameter', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/login/oauth2/code/keycloak?error=access_denied&state=x',
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toBe(`${publicUrl}/auth/callback?error=access_denied`);
  });
});

describe('without PUBLIC_URL', () => {
  it('sends a browser on 127.0.0.1 back to 127.0.0.1, and any other name to the default address', async () => {
    const local = await createTestApp({
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
      PORT: '8082',
    });
    try {
      const onLoopback = await local.app.inject({
        method: 'GET',
        url: '/api/v1/oauth2/authorization/keycloak',
        headers: { host: '127.0.0.1:8082' },
      });
      expect(onLoopback.statusCode).toBe(302);
      const authorize = new URL(String(onLoopback.headers.location));
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        'http://127.0.0.1:8082/api/v1/login/oauth2/code/keycloak',
      );
      const denied = await local.app.inject({
        method: 'GET',
        url: '/api/v1/login/oauth2/code/keycloak?error=access_denied&state=x',
        headers: { host: '127.0.0.1:8082' },
      });
      expect(String(denied.headers.location)).toBe('http://127.0.0.1:8082/auth/callback?error=access_denied');

      // A forged Host never chooses where sign-in codes are sent.
      const forged = await local.app.inject({
        method: 'GET',
        url: '/api/v1/login/oauth2/code/keycloak?error=access_denied&state=x',
        headers: { host: 'attacker.example' },
      });
      expect(String(forged.headers.location)).toBe('http://localhost:8082/auth/callback?error=access_denied');

      // Nor does a loopback name with more behind it: the user part of a URL, another port or path.
      for (const host of [
        '127.0.0.1:8082@evil.test',
        'localhost:8082@evil.test',
        '127.0.0.1:9',
        '[::1]:8082/x',
      ]) {
        for (const url of [
          '/api/v1/oauth2/authorization/keycloak',
          '/api/v1/login/oauth2/code/keycloak?state=x',
        ]) {
          const sent = await local.app.inject({ method: 'GET', url, headers: { host } });
          const location = new URL(String(sent.headers.location));
          const back = location.searchParams.get('redirect_uri') ?? location.href;
          expect(new URL(back).origin, `${host} ${url}`).toBe('http://localhost:8082');
        }
      }
    } finally {
      await local.close();
    }
  });
});
