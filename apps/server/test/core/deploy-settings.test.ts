import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const csp = async (c: TestContext) =>
  String((await c.app.inject({ method: 'GET', url: '/api/v1/health' })).headers['content-security-policy']);

describe('settings that decide how a deployment behaves', () => {
  it('asks browsers to upgrade to https only when the site is served over https', async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'http://mail.internal:8082' });
    expect(await csp(ctx)).not.toContain('upgrade-insecure-requests');
    await ctx.close();
    ctx = await createTestApp({ PUBLIC_URL: 'https://mail.example.com' });
    expect(await csp(ctx)).toContain('upgrade-insecure-requests');
  });

  it('keeps the API reference private in production unless API_DOCS=true', async () => {
    ctx = await createTestApp({ NODE_ENV: 'production' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    await ctx.close();
    ctx = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'true' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', async () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone please' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
    ]);
  });
});
