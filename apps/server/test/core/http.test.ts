import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('HTTP core', () => {
  it('reports health and readiness in the envelope', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json()).toMatchObject({ success: true, data: { status: 'UP' } });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.json().data.status).toBe('READY');
  });

  it('answers unknown API paths with a 404 envelope in Korean by default and English on request', async () => {
    const ko = await ctx.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(ko.statusCode).toBe(404);
    expect(ko.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: '요청한 항목을 찾을 수 없습니다.',
    });
    const en = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/nope',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().message).toBe('The requested item was not found.');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toContain('/api/v1/auth/mock-login');
    expect(doc.json().paths['/api/v1/auth/mock-login'].post.requestBody).toBeDefined();
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBeLessThan(400);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('limits', () => {
  it('rate-limits sign-in per account with a clear 429', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '6' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/mock-login',
          headers: { 'accept-language': 'en' },
          payload: { email: 'busy@example.com', name: 'Busy' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toMatchObject({
            success: false,
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please try again later.',
          });
        }
      }
      expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('turns mock login off in production unless asked for', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/auth/mock-login',
        payload: { email: 'a@b.co', name: 'A' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCESS_DENIED');
    } finally {
      await prod.close();
    }
  });
});
