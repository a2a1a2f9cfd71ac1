import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MessageAuthentication } from '@postline/shared/messages';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { apiFor, deliver, folder, incoming, message, type Api } from './helpers.js';

/*
 * The SENDER_CHECK condition (issue 15): filters can act on who really sent a mail, e.g. move
 * DMARC failures to Spam. Verdicts are set on stored mail here; tests/mail covers how they arrive.
 */
let ctx: TestContext;
let jun: SignedIn;
let api: Api;

const verdict = (result: 'pass' | 'fail' | 'none'): MessageAuthentication => ({
  spf: { result, domain: 'bank.example' },
  dkim: { result: result === 'pass' ? 'pass' : 'none', domain: result === 'pass' ? 'bank.example' : null },
  dmarc: { result, domain: 'bank.example', policy: 'quarantine' },
  arc: { result: 'none' },
  verified: result === 'pass',
  warnings: result === 'fail' ? ['dmarcFailed'] : [],
});

async function arrived(subject: string, authentication: MessageAuthentication | null): Promise<number> {
  const stored = await deliver(
    ctx,
    jun.user.id,
    incoming({ subject, from: { address: 'notice@bank.example', name: '은행' } }),
  );
  await ctx.db.database.db.execute(
    sql`UPDATE messages SET authentication = ${authentication === null ? null : JSON.stringify(authentication)}::jsonb WHERE id = ${stored.id}`,
  );
  return stored.id;
}

const forgedToSpam = {
  name: '사칭 의심 메일',
  conditions: [{ conditionType: 'SENDER_CHECK', operator: 'EQUALS', value: 'failed' }],
  actions: [{ actionType: 'MARK_SPAM' }],
};

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  api = apiFor(ctx, jun);
});
afterAll(async () => ctx?.close());

describe('filters on the sender check', () => {
  it('moves a mail that failed DMARC to Spam and leaves verified and local mail alone', async () => {
    const filter = await api.data('POST', '/filters', forgedToSpam);
    expect(filter.conditions[0]).toMatchObject({
      conditionType: 'SENDER_CHECK',
      operator: 'EQUALS',
      value: 'FAILED',
    });
    const forged = await arrived('계좌 확인 요청', verdict('fail'));
    const genuine = await arrived('이용 내역 안내', verdict('pass'));
    const unchecked = await arrived('사내 공지', null);
    for (const id of [forged, genuine, unchecked]) await api.data('POST', `/filters/apply/${id}`);
    const spam = await folder(api, { type: 'SPAM' });
    const inbox = await folder(api, { type: 'INBOX' });
    expect((await message(ctx, forged)).mailbox_id).toBe(spam?.id);
    expect((await message(ctx, genuine)).mailbox_id).toBe(inbox?.id);
    expect((await message(ctx, unchecked)).mailbox_id).toBe(inbox?.id);
  });

  it('UNVERIFIED is anything but a pass; NOT_EQUALS turns it round; the condition reads in ko and en', async () => {
    const filter = await api.data('POST', '/filters', {
      name: '확인 안 된 메일',
      conditions: [{ conditionType: 'SENDER_CHECK', operator: 'NOT_EQUALS', value: 'VERIFIED' }],
      actions: [{ actionType: 'MARK_READ' }],
    });
    const test = async (messageId: number, lang: 'ko' | 'en' = 'ko') =>
      (await api.call('POST', `/filters/${filter.id}/test`, { messageId }, lang)).json().data;
    const unverified = await test(await arrived('뉴스레터', verdict('none')));
    expect(unverified.matched).toBe(true);
    expect(unverified.matchedConditions[0].description).toBe('보낸 사람 확인: 확인됨 일치하지 않음');
    expect((await test(await arrived('청구서', verdict('pass')), 'en')).matched).toBe(false);
    const english = await test(await arrived('알림', verdict('fail')), 'en');
    expect(english.matched).toBe(true);
    expect(english.matchedConditions[0].description).toBe('Sender check does not equal verified');
  });

  it("refuses a value it does not know, in the user's language", async () => {
    const bad = await api.call(
      'POST',
      '/filters',
      {
        ...forgedToSpam,
        conditions: [{ conditionType: 'SENDER_CHECK', operator: 'EQUALS', value: 'MAYBE' }],
      },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The sender check must be VERIFIED, UNVERIFIED or FAILED.');
  });

  it('exports to Sieve as a test on the Authentication-Results header', async () => {
    const script = (await api.call('GET', '/filters/export/sieve')).body;
    expect(script).toContain('header :contains "authentication-results" "dmarc=fail"');
  });
});
