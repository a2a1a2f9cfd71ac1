import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helpers/test-app.js';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const login = (c: TestContext, email: string, headers: Record<string, string> = {}) =>
  c.app.inject({
    method: 'POST',
    url: '/api/v1/auth/mock-login',
    headers: { 'accept-language': 'en', ...headers },
    payload: { email, name: 'Attacker' },
  });

describe('sign-in and refresh limits (attacks from one machine)', () => {
  it('stops guessing at one account after a third of the per-IP budget, with Retry-After', async () => {
    ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '30' });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) statuses.push((await login(ctx, 'victim@example.com')).statusCode);
    // 30 per minute per IP, 10 per account: the 11th try at the same account is refused.
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const refused = await login(ctx, 'VICTIM@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/too many/i);
    // Another account from the same address still gets in: the IP budget is not spent.
    expect((await login(ctx, 'someone-else@example.com')).statusCode).toBe(200);
  });

  it('counts every refresh of one session, however often the token rotates', async () => {
    ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '30' });
    let token = (await login(ctx, 'jun@example.com')).json().data.refreshToken as string;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { 'accept-language': 'ko' },
        payload: { refreshToken: token },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) token = res.json().data.refreshToken;
      else expect(res.json().message).toMatch(/요청/);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('limits each address: many accounts from one machine run out too', async () => {
    ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '20' });
    const statuses: number[] = [];
    for (let i = 0; i < 24; i += 1) statuses.push((await login(ctx, `user${i}@example.com`)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    ctx = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '20',
      NODE_ENV: 'production',
      AUTH_MOCK_LOGIN: 'true',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const res = await login(ctx, `user${i}@example.com`, { 'x-forwarded-for': `198.51.100.${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('with TRUST_PROXY=1 counts the address the proxy in front reports', async () => {
    ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '20', TRUST_PROXY: '1' });
    for (let i = 0; i < 24; i += 1) {
      const res = await login(ctx, `user${i}@example.com`, { 'x-forwarded-for': `198.51.100.${i}` });
      expect(res.statusCode).toBe(200);
    }
    // The proxy's own address (127.0.0.1) is not what is counted: one client still runs out.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      statuses.push(
        (await login(ctx, `other${i}@example.com`, { 'x-forwarded-for': '203.0.113.9' })).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
});
