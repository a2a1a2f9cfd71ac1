import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spamFilterAvailable, startSpamFilter, type SpamFilterStack } from '../helpers/rspamd-server.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';
import { mailApi, type MailApi } from './mail-api.js';

/*
 * "Report spam" / "Not spam": the message moves, and a real rspamd (Debian's package, its Bayes
 * statistics in a Redis of the test's own) learns from the message's original source.
 */
const available = await spamFilterAvailable('the spam-report test');

let ctx: TestContext;
let spam: SpamFilterStack;
let minji: SignedIn;
let minjiApi: MailApi;
let junApi: MailApi;

beforeAll(async () => {
  if (!available) return;
  spam = await startSpamFilter();
  ctx = await createTestApp(spam.env);
  const jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  junApi = mailApi(ctx, jun);
  minjiApi = mailApi(ctx, minji);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await spam?.stop();
});

/** How many times rspamd's classifier has learned, as its controller reports. */
async function learned(): Promise<number> {
  const response = await fetch(`${spam.rspamd.controllerUrl}/stat`, {
    headers: { Password: spam.rspamd.password },
  });
  return Number(((await response.json()) as { learned?: number }).learned ?? 0);
}

async function folderOf(api: MailApi, id: number): Promise<string> {
  return (await api.data('GET', `/messages/${id}`)).mailboxType;
}

describe.skipIf(!available)('reporting spam teaches rspamd', () => {
  it('Report spam moves the mail to Spam and rspamd learns it; Not spam brings it back and unlearns', async () => {
    await junApi.data('POST', '/messages', {
      toAddresses: ['minji@postline.local'],
      subject: '당첨을 축하드립니다',
      bodyText: '지금 바로 링크를 눌러 상금을 받으세요.',
    });
    const [message] = (await minjiApi.data('GET', '/messages?mailboxType=INBOX&size=1')).content;
    const before = await learned();

    const reported = await minjiApi.data('PATCH', `/messages/${message.id}/spam?isSpam=true`);
    expect(reported.mailboxType).toBe('SPAM');
    expect(await folderOf(minjiApi, message.id)).toBe('SPAM');
    expect(await learned()).toBeGreaterThan(before);

    const afterSpam = await learned();
    const restored = await minjiApi.data('PATCH', `/messages/${message.id}/spam?isSpam=false`);
    expect(restored.mailboxType).toBe('INBOX');
    expect(await learned()).toBeGreaterThan(afterSpam);
  });

  it("another user's message is not found, and nothing moves", async () => {
    await junApi.data('POST', '/messages', {
      toAddresses: ['minji@postline.local'],
      subject: '회의록',
      bodyText: '오늘 회의록입니다.',
    });
    const [message] = (await minjiApi.data('GET', '/messages?mailboxType=INBOX&size=1')).content;
    const response = await junApi.call('PATCH', `/messages/${message.id}/spam?isSpam=true`);
    expect(response.statusCode).toBe(404);
    expect(await folderOf(minjiApi, message.id)).toBe('INBOX');
  });
});
