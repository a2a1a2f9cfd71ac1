import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { apiFor, createFolder, deliver, incoming, message, type Api } from './helpers.js';

/**
 * Issue 34: before "apply to existing mail", the user sees which of their own recent mail the
 * filter would match (the samples for a user with no mail yet); nothing changes.
 */
let ctx: TestContext;
let jun: SignedIn;
let api: Api;
let filterId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  api = apiFor(ctx, jun);
  const folder = await createFolder(api, '장애 대응');
  filterId = (
    await api.data('POST', '/filters', {
      name: '장애 알림',
      conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: '장애' }],
      actions: [{ actionType: 'MOVE_TO_FOLDER', actionValue: String(folder) }, { actionType: 'MARK_READ' }],
    })
  ).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /filters/{id}/preview', () => {
  it('runs on the sample set for a user without mail', async () => {
    const preview = await api.data('GET', `/filters/${filterId}/preview`);
    expect(preview).toMatchObject({ source: 'SAMPLES', scanned: 5 });
    expect(preview.matches.map((m: { subject: string }) => m.subject)).toEqual([
      '[긴급] 운영 서버 장애 보고 - Production DB latency',
    ]);
    expect(preview.matches[0]).toMatchObject({ messageId: null, sampleId: 'sample-1' });
  });

  it("then on the user's own newest Inbox mail, saying which would match and what it would do", async () => {
    // Switched off, so the mail stays in the Inbox as it arrives: a filter the user has not let act.
    await api.data('PUT', '/filters/status', { filterIds: [filterId], isActive: false });
    const alert = await deliver(ctx, jun.user.id, incoming({ subject: '결제 서버 장애' }));
    await deliver(ctx, jun.user.id, incoming({ subject: '주간 보고' }));
    await deliver(ctx, jun.user.id, incoming({ subject: '점심 메뉴' }));
    const preview = await api.data('GET', `/filters/${filterId}/preview`);
    expect(preview).toMatchObject({
      source: 'INBOX',
      scanned: 3,
      matches: [{ messageId: alert.id, sampleId: null, subject: '결제 서버 장애' }],
    });
    expect(preview.appliedActions.map((a: { description: string }) => a.description)).toEqual([
      '폴더로 이동: 장애 대응',
      '읽음으로 표시',
    ]);
    const english = await api.call('GET', `/filters/${filterId}/preview`, undefined, 'en');
    expect(english.json().data.appliedActions[0].description).toBe('Move to folder: 장애 대응');
    // Nothing moved and nothing was read: it is only a look.
    const row = await message(ctx, alert.id);
    expect(row.is_read).toBe(false);
    expect(row.mailbox_id).toBe((await api.data('GET', '/mailboxes'))[0].id);
  });

  it("is another user's filter not found", async () => {
    const minji = apiFor(ctx, await signIn(ctx.app, 'minji@postline.local', '김민지'));
    expect((await minji.call('GET', `/filters/${filterId}/preview`)).statusCode).toBe(404);
  });
});
