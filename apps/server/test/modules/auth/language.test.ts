import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi } from '../messages/mail-api.js';

let ctx: TestContext;

async function signInAs(email: string, name: string, lang: 'ko' | 'en'): Promise<SignedIn> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/mock-login',
    headers: { 'accept-language': lang },
    payload: { email, name },
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  return { ...data, headers: { authorization: `Bearer ${data.accessToken}` } };
}

beforeAll(async () => {
  // The outbox worker, without a relay: mail for other domains bounces back at once, as on a server
  // without SMTP_RELAY_URL.
  ctx = await createTestServer({ SERVICES: 'worker' }, { outbox: { pollMs: 50 } });
});
afterAll(async () => {
  await ctx.close();
});

/** As a client that names no language reads it: in the account's language. */
const latestNotification = async (user: SignedIn) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications?size=1', headers: user.headers })).json()
    .data.content[0];

describe("the server writes in the user's own language", () => {
  it("starts a new account in the sign-in page's language and never lets a later sign-in change it", async () => {
    const jun = await signInAs('jun@example.com', '이준', 'ko');
    const first = await signInAs('sam@example.com', 'Sam', 'en');
    expect(first.user).toMatchObject({ language: 'en' });
    // Sam signs in on a new device whose browser is Korean (issue 34): the account stays English,
    // and the answer tells the app which language to switch to.
    const sam = await signInAs('sam@example.com', 'Sam', 'ko');
    expect(sam.user).toMatchObject({ language: 'en' });
    expect((await mailApi(ctx, sam).data('GET', '/auth/me')).language).toBe('en');
    // A sign-in that names no language (a script, an SDK) leaves it as it is too.
    const silent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mock-login',
      payload: { email: 'sam@example.com', name: 'Sam' },
    });
    expect(silent.json().data.user.language).toBe('en');

    // Jun's request is in Korean; what reaches Sam is still in English.
    await mailApi(ctx, jun).data('POST', '/messages', {
      toAddresses: ['sam@example.com'],
      subject: 'Lunch?',
      bodyText: 'Noon at the usual place.',
    });
    expect(await latestNotification(sam)).toMatchObject({ title: 'New mail from 이준' });

    // The bounce of Sam's mail to a domain without a relay is written in English too.
    await mailApi(ctx, sam).data('POST', '/messages', {
      toAddresses: ['someone@elsewhere.example'],
      subject: 'Hello',
      bodyText: 'Hi',
    });
    await expect
      .poll(async () => (await latestNotification(sam))?.title, { timeout: 20_000 })
      .toBe('Mail could not be delivered');
    const inbox = await mailApi(ctx, sam).data('GET', '/messages?mailboxType=INBOX&size=5');
    expect(inbox.content.map((m: { subject: string }) => m.subject)).toContain('Undelivered mail: Hello');

    // Switching back in the app (PATCH /auth/me) turns the server's texts back to Korean.
    await mailApi(ctx, sam).data('PATCH', '/auth/me', { language: 'ko' });
    await mailApi(ctx, jun).data('POST', '/messages', {
      toAddresses: ['sam@example.com'],
      subject: '점심?',
      bodyText: '열두 시',
    });
    expect(await latestNotification(sam)).toMatchObject({ title: '새 메일: 이준' });
  });
});
