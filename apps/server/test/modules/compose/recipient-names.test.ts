import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser, type AddressObject } from 'mailparser';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';

/**
 * Issue 34: a recipient pasted as `Name <address>` keeps the name: the mail's To and Cc carry it
 * for every mail client, and a draft continued later has it still. The address is what is checked.
 */
let ctx: TestContext;
let minji: MailApi;
let jun: MailApi;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', '김민지'));
  jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
});
afterAll(async () => ctx?.close());

type Page = { content: { id: number; subject: string }[] };

/** The To or Cc header as a mail client reads it from the bytes: each address with its name. */
function people(field: AddressObject | AddressObject[] | undefined): { address?: string; name: string }[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.map(({ address, name }) => ({ address, name })));
}

describe('recipients written with their names', () => {
  it('sends To and Cc with the names given, once per address, to the reader and in Sent', async () => {
    const sent = await minji.data('POST', '/messages', {
      toAddresses: ['이준 <jun@example.com>', 'JUN@example.com'],
      ccAddresses: ['"Park, Sora" <sora@elsewhere.example>'],
      subject: '이름 있는 받는 사람',
      bodyText: '안녕하세요',
    });
    // The message's address lists hold addresses, as before.
    expect(sent.toAddresses).toEqual(['jun@example.com']);
    expect(sent.ccAddresses).toEqual(['sora@elsewhere.example']);

    const inbox = await jun.data<Page>('GET', '/messages?mailboxType=INBOX');
    const copy = inbox.content.find((m) => m.subject === '이름 있는 받는 사람');
    expect(copy).toBeDefined();
    for (const [api, id] of [
      [jun, copy!.id],
      [minji, sent.id as number],
    ] as const) {
      const original = await api.call('GET', `/messages/${id}/original`);
      expect(original.statusCode).toBe(200);
      const parsed = await simpleParser(original.body);
      expect(people(parsed.to)).toEqual([{ address: 'jun@example.com', name: '이준' }]);
      expect(people(parsed.cc)).toEqual([{ address: 'sora@elsewhere.example', name: 'Park, Sora' }]);
    }
  });

  it('keeps the names of a draft for the composer that continues it', async () => {
    const draft = await minji.data('POST', '/messages/drafts', {
      toAddresses: ['이준 <jun@example.com>'],
      bccAddresses: ['"Kim, Yuna" <yuna@example.com>', 'hyun@example.com'],
      subject: '쓰는 중',
      bodyText: '',
    });
    const loaded = await minji.data('GET', `/messages/drafts/${draft.id}`);
    expect(loaded.recipients).toEqual({
      to: ['이준 <jun@example.com>'],
      cc: [],
      bcc: ['"Kim, Yuna" <yuna@example.com>', 'hyun@example.com'],
    });
    expect(loaded.message.toAddresses).toEqual(['jun@example.com']);
  });

  it('refuses a name around an address that is not one, naming it, in the reader’s language', async () => {
    for (const [lang, text] of [
      ['ko', '올바른 이메일 주소가 아닙니다: 이준 <jun@example>'],
      ['en', 'That is not a valid e-mail address: 이준 <jun@example>'],
    ] as const) {
      const res = await minji.call(
        'POST',
        '/messages',
        { toAddresses: ['이준 <jun@example>'], subject: '틀린 주소', bodyText: '본문' },
        lang,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_EMAIL_ADDRESS', message: text });
    }
  });
});
