import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let jun: SignedIn;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp(
    { LOG_LEVEL: 'info' },
    {
      logStream: { write: (line) => void logLines.push(line) },
      // A route that fails inside the database with the caller's value in the query, as a bug would.
      beforeReady: (app) =>
        app.get('/api/v1/test-only/failing-query', async (request) => {
          const { value } = request.query as { value: string };
          await app.database.db.execute(sql`SELECT ${value}::int`);
          return { ok: true };
        }),
    },
  );
  jun = await signIn(ctx.app, 'jun@example.com', '이준');
});
afterAll(async () => ctx.close());

describe('a NUL character anywhere in a request', () => {
  it.each([
    [
      'a JSON text (mock login)',
      {
        method: 'POST' as const,
        url: '/api/v1/auth/mock-login',
        payload: { email: 'a@b.c', name: 'Kim\u0000' },
      },
    ],
    [
      'a JSON key',
      {
        method: 'POST' as const,
        url: '/api/v1/auth/mock-login',
        payload: { ['email\u0000']: 'x', email: 'a@b.c', name: 'n' },
      },
    ],
    ['a query parameter', { method: 'GET' as const, url: '/api/v1/messages/search?keyword=%00abc' }],
    ['a path parameter', { method: 'GET' as const, url: '/api/v1/messages/1%00' }],
    [
      'a folder name',
      { method: 'POST' as const, url: '/api/v1/mailboxes', payload: { name: '보관\u0000함' } },
    ],
  ])('is refused with a 400 in the user’s language: %s', async (_what, request) => {
    const res = await ctx.app.inject({
      ...request,
      headers: { ...jun.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().message).toMatch(/not allowed \(NUL\)/);
    const ko = await ctx.app.inject({ ...request, headers: { ...jun.headers, 'accept-language': 'ko' } });
    expect(ko.json().message).toMatch(/허용되지 않는 문자/);
  });
});

describe('the log', () => {
  it('never carries the values of a request that failed, at error level', async () => {
    const secret = 'password-1234-secret';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/test-only/failing-query?value=${secret}`,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toContain(secret);
    const errors = logLines.filter((line) => JSON.parse(line).level >= 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain('unhandled error');
    expect(errors.join('\n')).not.toContain(secret);
  });
});

describe('a path that is not UTF-8', () => {
  it('is refused with a 400 in the envelope and the user’s language', async () => {
    const en = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/messages/%E0%A4%A',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(en.json().message).toMatch(/not a character/);
    const ko = await ctx.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(ko.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(ko.json().message).toMatch(/이스케이프/);
  });
});
