import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';

/**
 * Issue 34: Sent is in the order mail was sent, Drafts in the order drafts were last saved (the
 * date column holds each), so the list's date, sorted newest first, means what its folder says.
 */
let ctx: TestContext;
let minji: MailApi;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = mailApi(ctx, await signIn(ctx.app, 'minji@postline.local', '김민지'));
  await signIn(ctx.app, 'jun@postline.local', '이준');
});
afterAll(async () => ctx?.close());

type Row = { id: number; subject: string; receivedAt: string; sentAt: string | null };
const list = async (type: string, sort = 'receivedAt,desc') =>
  (await minji.data<{ content: Row[] }>('GET', `/messages?mailboxType=${type}&sort=${sort}`)).content;

/** The clock moves on between two writes, so their dates differ on any machine. */
async function tick(since: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() <= Date.parse(since) && Date.now() < deadline) await new Promise((r) => setImmediate(r));
}

describe('Sent and Drafts dates', () => {
  it('orders Sent by when each was sent, and Drafts by when each was last saved', async () => {
    const first = await minji.data<Row>('POST', '/messages', {
      toAddresses: ['jun@postline.local'],
      subject: '첫째',
      bodyText: 'x',
    });
    await tick(first.receivedAt);
    await minji.data('POST', '/messages', {
      toAddresses: ['jun@postline.local'],
      subject: '둘째',
      bodyText: 'y',
    });
    const sent = await list('SENT');
    expect(sent.map((m) => m.subject)).toEqual(['둘째', '첫째']);
    for (const m of sent) expect(m.receivedAt).toBe(m.sentAt);

    const older = await minji.data<{ id: number; receivedAt: string }>('POST', '/messages/drafts', {
      subject: '오래된 초안',
    });
    await tick(older.receivedAt);
    const newer = await minji.data<{ receivedAt: string }>('POST', '/messages/drafts', {
      subject: '새 초안',
    });
    expect((await list('DRAFTS')).map((m) => m.subject)).toEqual(['새 초안', '오래된 초안']);
    // Saving the older one again brings it to the top: its date is when it was last saved.
    await tick(newer.receivedAt);
    await minji.data('POST', '/messages/drafts', { draftId: older.id, subject: '오래된 초안 (고침)' });
    expect((await list('DRAFTS')).map((m) => m.subject)).toEqual(['오래된 초안 (고침)', '새 초안']);
    expect((await list('DRAFTS', 'receivedAt,asc')).map((m) => m.subject)).toEqual([
      '새 초안',
      '오래된 초안 (고침)',
    ]);
  });
});
