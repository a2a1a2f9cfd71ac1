import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_IMAGE_SENDERS_MAX } from '@postline/shared/remote-images';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';

/**
 * Issue 34: "always show images from this sender" is kept on the server per user, so the person
 * finds it on every browser they sign in on; nobody else's list changes with theirs.
 */
let ctx: TestContext;
let minji: MailApi;
let jun: MailApi;
let minjiId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const signedMinji = await signIn(ctx.app, 'minji@example.com', '김민지');
  minjiId = signedMinji.user.id;
  minji = mailApi(ctx, signedMinji);
  jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
});
afterAll(async () => ctx?.close());

const path = (address: string) => `/remote-images/senders/${encodeURIComponent(address)}`;
const listOf = (api: MailApi) => api.data<{ addresses: string[] }>('GET', '/remote-images/senders');

describe('senders whose remote images always show', () => {
  it('starts empty, adds a sender once whatever its case, and keeps it for the user only', async () => {
    expect(await listOf(minji)).toEqual({ addresses: [] });
    expect(await minji.data('PUT', path('News@Shop.example'))).toEqual({ addresses: ['news@shop.example'] });
    expect(await minji.data('PUT', path('news@shop.example'))).toEqual({ addresses: ['news@shop.example'] });
    expect(await minji.data('PUT', path('letters@paper.example'))).toEqual({
      addresses: ['news@shop.example', 'letters@paper.example'],
    });
    // Another person's list, and a new sign-in of the same person (another browser).
    expect(await listOf(jun)).toEqual({ addresses: [] });
    const again = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', '김민지'));
    expect(await listOf(again)).toEqual({ addresses: ['news@shop.example', 'letters@paper.example'] });
  });

  it('asks again once a sender is taken off, and taking off one not listed changes nothing', async () => {
    expect(await jun.data('PUT', path('promo@store.example'))).toEqual({
      addresses: ['promo@store.example'],
    });
    expect(await jun.data('DELETE', path('PROMO@store.example'))).toEqual({ addresses: [] });
    expect(await jun.data('DELETE', path('nobody@store.example'))).toEqual({ addresses: [] });
  });

  it('refuses what is not an address, in the reader’s language', async () => {
    for (const lang of ['ko', 'en'] as const) {
      const res = await minji.call('PUT', path('not-an-address'), undefined, lang);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.message).toMatch(lang === 'ko' ? /[가-힣]/ : /^[^가-힣]*$/);
    }
    expect((await listOf(minji)).addresses).not.toContain('not-an-address');
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/remote-images/senders' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it(`holds at most ${REMOTE_IMAGE_SENDERS_MAX} senders and says so when full`, async () => {
    const db = ctx.db.database.db;
    await db.execute(sql`
      INSERT INTO remote_image_senders (user_id, address)
      SELECT ${minjiId}, 'sender' || n || '@bulk.example' FROM generate_series(1, ${REMOTE_IMAGE_SENDERS_MAX}) AS n
      ON CONFLICT DO NOTHING`);
    const before = (await listOf(minji)).addresses.length;
    expect(before).toBeGreaterThanOrEqual(REMOTE_IMAGE_SENDERS_MAX);
    for (const [lang, text] of [
      ['ko', /1000명/],
      ['en', /1000 senders/],
    ] as const) {
      const res = await minji.call('PUT', path('one-more@shop.example'), undefined, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message: expect.stringMatching(text),
      });
    }
    // One already listed is still no change, not a refusal.
    expect((await minji.call('PUT', path('news@shop.example'))).statusCode).toBe(200);
    expect((await listOf(minji)).addresses).toHaveLength(before);
  });
});
