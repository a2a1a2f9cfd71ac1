import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spamFilterAvailable, startSpamFilter, type SpamFilterStack } from '../../helpers/rspamd-server.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';

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

/*
 * Which mail the buttons apply to (issue 32), as Gmail and Roundcube have it: "Report spam" is for
 * mail one received, wherever it was filed (Inbox, a folder, Archive, Trash); "Not spam" only for
 * mail in Spam; one's own sent mail and drafts are neither. A refusal moves nothing.
 */
describe('which mail can be reported', () => {
  let local: TestContext;
  let sender: MailApi;
  let reader: MailApi;

  beforeAll(async () => {
    local = await createTestApp();
    sender = mailApi(local, await signIn(local.app, 'jun@postline.local', '이준'));
    reader = mailApi(local, await signIn(local.app, 'minji@postline.local', '김민지'));
  });
  afterAll(async () => local?.close());

  /** A mail from jun to minji: jun's Sent copy and minji's copy (in her Inbox, or where a filter put it). */
  async function exchange(subject: string): Promise<{ sent: number; received: number }> {
    const sent = await sender.data('POST', '/messages', {
      toAddresses: ['minji@postline.local'],
      subject,
      bodyText: '본문',
    });
    for (const type of ['INBOX', 'ARCHIVE']) {
      const page = await reader.data('GET', `/messages?mailboxType=${type}&size=50`);
      const received = page.content.find((m: { subject: string }) => m.subject === subject);
      if (received) return { sent: sent.id, received: received.id };
    }
    throw new Error(`${subject} was not delivered`);
  }

  async function refused(api: MailApi, id: number, isSpam: boolean, folder: string) {
    const ko = await api.call('PATCH', `/messages/${id}/spam?isSpam=${isSpam}`);
    const en = await api.call('PATCH', `/messages/${id}/spam?isSpam=${isSpam}`, undefined, 'en');
    expect(ko.statusCode).toBe(409);
    expect(ko.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(en.json().code).toBe('CONFLICT');
    expect(ko.json().message).not.toBe(en.json().message);
    expect(await folderOf(api, id)).toBe(folder);
    return { ko: ko.json().message as string, en: en.json().message as string };
  }

  it('own sent mail is neither spam nor "not spam", and stays in Sent', async () => {
    const { sent } = await exchange('주간 보고');
    expect((await refused(sender, sent, false, 'SENT')).en).toBe(
      'Only mail in Spam can be marked as not spam.',
    );
    expect((await refused(sender, sent, true, 'SENT')).en).toBe(
      'Mail you wrote (sent mail and drafts) cannot be reported as spam.',
    );
  });

  it('a draft stays a draft, in Drafts or in Trash', async () => {
    const draft = await sender.data('POST', '/messages/drafts', { subject: '초안', bodyText: '쓰는 중' });
    expect((await refused(sender, draft.id, true, 'DRAFTS')).ko).toBe(
      '직접 쓴 메일(보낸편지함, 임시보관함)은 스팸으로 신고할 수 없습니다.',
    );
    expect((await sender.call('DELETE', `/messages/${draft.id}`)).statusCode).toBe(200);
    await refused(sender, draft.id, true, 'TRASH');
  });

  it('"Not spam" is only for mail in Spam; received mail is reported from any folder it was filed in', async () => {
    const { received } = await exchange('이벤트 당첨 안내');
    await refused(reader, received, false, 'INBOX');
    const folder = await reader.data('POST', '/mailboxes', { name: '광고' });
    const filed: Record<string, () => Promise<unknown>> = {
      INBOX: async () => undefined,
      CUSTOM: () => reader.data('PATCH', `/messages/${received}/move?targetMailboxId=${folder.id}`),
      TRASH: () => reader.data('DELETE', `/messages/${received}`),
    };
    for (const [type, file] of Object.entries(filed)) {
      await file();
      expect(await folderOf(reader, received)).toBe(type);
      expect((await reader.data('PATCH', `/messages/${received}/spam?isSpam=true`)).mailboxType).toBe('SPAM');
      expect((await refused(reader, received, true, 'SPAM')).en).toBe('This mail is already in Spam.');
      expect((await reader.data('PATCH', `/messages/${received}/spam?isSpam=false`)).mailboxType).toBe(
        'INBOX',
      );
    }

    // Archive, where a filter that skips the inbox files it.
    const filter = await reader.call('POST', '/filters', {
      name: '소식 보관',
      conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: '[소식]' }],
      actions: [{ actionType: 'SKIP_INBOX', actionValue: null }],
    });
    expect(filter.statusCode).toBe(201);
    const archived = (await exchange('[소식] 12월호')).received;
    expect(await folderOf(reader, archived)).toBe('ARCHIVE');
    expect((await reader.data('PATCH', `/messages/${archived}/spam?isSpam=true`)).mailboxType).toBe('SPAM');
  });
});
