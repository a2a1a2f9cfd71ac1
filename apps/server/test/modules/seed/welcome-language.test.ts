import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helpers/test-app.js';
import { mailApi } from '../messages/mail-api.js';

let ctx: TestContext;

beforeAll(async () => {
  // The demo seed is off under tests; here it is on, as with `npm start` (embedded database).
  ctx = await createTestApp({ NODE_ENV: 'development' });
});
afterAll(async () => ctx.close());

describe('the welcome mail', () => {
  for (const [language, subject, line] of [
    ['en', 'Welcome to Postline', 'The Postline team'],
    ['ko', 'Postline에 오신 것을 환영합니다', 'Postline 드림'],
  ] as const) {
    it(`is written in the language the user signed up in (${language})`, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/mock-login',
        headers: { 'accept-language': language },
        payload: { email: `welcome-${language}@example.com`, name: language === 'en' ? 'Emma' : '지우' },
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      const api = mailApi(ctx, { ...data, headers: { authorization: `Bearer ${data.accessToken}` } });
      const inbox = await api.data<{ content: { id: number; subject: string }[] }>(
        'GET',
        '/messages?mailboxType=INBOX',
      );
      expect(inbox.content.map((m) => m.subject)).toEqual([subject]);
      const opened = await api.data<{ bodyText: string }>('GET', `/messages/${inbox.content[0]!.id}`);
      expect(opened.bodyText).toContain(line);
    });
  }
});
