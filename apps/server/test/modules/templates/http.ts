import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestApp, type SignedIn, type TestContext } from '../../helpers/test-app.js';

/** A signed-in user calling the API in one language. */
export interface Caller {
  id: number;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** The `data` of a successful call; fails the test with the body otherwise. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test convenience: each test reads the fields it checks
  data<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<T>;
}

export function startApp(): Promise<TestContext> {
  return createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
}

let counter = 0;

/** A new user (fresh e-mail) whose account language is `lang`. */
export async function newUser(
  app: FastifyInstance,
  lang: 'ko' | 'en' = 'ko',
  name?: string,
): Promise<Caller> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/mock-login',
    headers: { 'accept-language': lang },
    payload: { email, name: name ?? `User ${counter}` },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const signed = res.json().data as SignedIn;
  return callerFor(app, { ...signed, headers: { authorization: `Bearer ${signed.accessToken}` } }, lang);
}

export function callerFor(app: FastifyInstance, who: SignedIn, lang: 'ko' | 'en'): Caller {
  const call: Caller['call'] = (method, url, payload) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...who.headers,
        'accept-language': lang,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  return {
    id: who.user.id,
    call,
    async data(method, url, payload) {
      const res = await call(method, url, payload);
      if (res.statusCode >= 300) throw new Error(`${method} ${url} -> ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
  };
}
