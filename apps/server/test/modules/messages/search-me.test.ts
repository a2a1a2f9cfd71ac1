import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { deliver, incoming } from '../filters/helpers.js';
import { mailApi, type MailApi } from './mail-api.js';

/** Issue 34: `from:me` is the user's own address, as in Gmail, not every sender with "me" in it. */
let ctx: TestContext;
let minji: MailApi;

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signIn(ctx.app, 'minji@postline.local', '김민지');
  minji = mailApi(ctx, signed);
  await signIn(ctx.app, 'jun@postline.local', '이준');
  // Mail from people whose names and addresses hold "me", and one Minji sends herself.
  for (const [address, name, subject] of [
    ['mei@members.example', 'Mei', 'Meeting notes'],
    ['james@example.com', 'James', 'Home'],
  ] as const) {
    await deliver(
      ctx,
      signed.user.id,
      incoming({ from: { address, name }, to: [{ address: 'minji@postline.local', name: null }], subject }),
    );
  }
  await minji.data('POST', '/messages', {
    toAddresses: ['jun@postline.local'],
    subject: '회의록',
    bodyText: 'x',
  });
  await minji.data('POST', '/messages', {
    toAddresses: ['jun@postline.local'],
    ccAddresses: ['Minji@Postline.local'],
    subject: '나에게도',
    bodyText: 'y',
  });
});
afterAll(async () => ctx?.close());

const subjectsFor = async (q: string) =>
  (
    await minji.data<{ content: { subject: string }[] }>(
      'GET',
      `/messages/search?q=${encodeURIComponent(q)}&size=50`,
    )
  ).content
    .map((m) => m.subject)
    .sort();

describe('from:me and to:me', () => {
  it('finds what the user sent, and what was sent to the user', async () => {
    expect(await subjectsFor('from:me')).toEqual(['나에게도', '나에게도', '회의록'].sort());
    expect(await subjectsFor('FROM:Me 회의')).toEqual(['회의록']);
    // Her copy in the inbox (she was in Cc) is to: her; so is every mail addressed to her.
    expect(await subjectsFor('to:me')).toEqual(['Home', 'Meeting notes', '나에게도', '나에게도'].sort());
    expect(await subjectsFor('cc:me')).toEqual(['나에게도', '나에게도']);
    expect(await subjectsFor('-from:me')).toEqual(['Home', 'Meeting notes']);
    // "me" as a word is still a word.
    expect(await subjectsFor('from:mei')).toEqual(['Meeting notes']);
  });
});
