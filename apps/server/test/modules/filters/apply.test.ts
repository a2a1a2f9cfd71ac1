import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXISTING_MAIL_BATCH } from '../../../src/modules/filters/existing-mail.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { countsMatchRows } from '../messages/mail-api.js';
import {
  alphaFilter,
  apiFor,
  createFolder,
  deliver,
  eventually,
  folder,
  incoming,
  message,
  rows,
  type Api,
} from './helpers.js';

let ctx: TestContext;
let jun: SignedIn;
let api: Api;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  api = apiFor(ctx, jun);
  projectId = await createFolder(api, '프로젝트');
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /filters/apply/{messageId}', () => {
  it("runs the user's active filters on one stored message: moved, read, labelled, counts right", async () => {
    const arrived = await deliver(ctx, jun.user.id, incoming());
    expect((await message(ctx, arrived.id)).mailbox_id).toBe((await folder(api, { type: 'INBOX' }))!.id);
    const filter = await api.data('POST', '/filters', {
      ...alphaFilter(projectId),
      actions: [
        ...alphaFilter(projectId).actions,
        { actionType: 'FORWARD', actionValue: 'boss@outside.example' },
      ],
    });
    const inboxBefore = (await folder(api, { type: 'INBOX' }))!;

    const res = await api.call('POST', `/filters/apply/${arrived.id}`, undefined, 'en');
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({
      matched: true,
      reason: 'Matched filters: 알파 프로젝트',
      matchedFilters: [{ id: filter.id, name: '알파 프로젝트' }],
      change: {
        messageId: arrived.id,
        previousMailboxId: inboxBefore.id,
        mailboxId: projectId,
        moved: true,
        isRead: true,
        labels: ['work'],
        changed: true,
      },
    });
    expect(result.matchedConditions).toHaveLength(2);
    expect(result.appliedActions.map((a: { actionType: string }) => a.actionType)).toEqual([
      'MOVE_TO_FOLDER',
      'MARK_READ',
      'ADD_LABEL',
    ]);
    expect(result.skippedActions.map((a: { actionType: string }) => a.actionType)).toEqual(['FORWARD']);

    expect(await message(ctx, arrived.id)).toMatchObject({
      mailbox_id: projectId,
      is_read: true,
      labels: ['work'],
    });
    expect(await folder(api, { type: 'INBOX' })).toMatchObject({
      totalCount: inboxBefore.totalCount - 1,
      unreadCount: inboxBefore.unreadCount - 1,
    });
    expect(await folder(api, { name: '프로젝트' })).toMatchObject({ totalCount: 1, unreadCount: 0 });
    await countsMatchRows(ctx, jun.user.id);
    // Mail already here is never forwarded.
    expect(await rows(ctx, sql`SELECT 1 FROM outbox WHERE user_id = ${jun.user.id}`)).toEqual([]);
    expect((await api.data('GET', `/filters/${filter.id}`)).stats.executionCount).toBe(1);

    // Applying again changes nothing more; labels are not doubled.
    const again = (await api.call('POST', `/filters/apply/${arrived.id}`)).json().data;
    expect(again.change).toMatchObject({ moved: false, changed: false, labels: ['work'] });
    await api.data('DELETE', `/filters/${filter.id}`);
  });

  it('with no matching filter nothing changes', async () => {
    const arrived = await deliver(ctx, jun.user.id, incoming({ subject: '평범한 메일' }));
    const result = (await api.call('POST', `/filters/apply/${arrived.id}`, undefined, 'en')).json().data;
    expect(result).toMatchObject({
      matched: false,
      reason: 'No active filter matched this message.',
      matchedFilters: [],
      appliedActions: [],
    });
    expect(result.change.changed).toBe(false);
    expect((await api.call('POST', '/filters/apply/999999')).statusCode).toBe(404);
  });
});

describe('applyToExisting', () => {
  it('runs the new filter over the existing inbox in the background, in batches, then notifies', async () => {
    const count = EXISTING_MAIL_BATCH + 15;
    // Seed the inbox quickly: alternate matching and non-matching mail.
    const inbox = (await folder(api, { type: 'INBOX' }))!;
    await ctx.db.database.db.execute(sql`
      INSERT INTO messages (user_id, mailbox_id, subject, from_address, body_text, is_read)
      SELECT ${jun.user.id}, ${inbox.id}, CASE WHEN g % 2 = 0 THEN '[베타] 빌드 ' || g ELSE '잡담 ' || g END, 'ci@corp.example', '본문', false
      FROM generate_series(1, ${count}) AS g`);
    await ctx.db.database.db.execute(
      sql`UPDATE mailboxes SET total_count = total_count + ${count}, unread_count = unread_count + ${count} WHERE id = ${inbox.id}`,
    );
    const before = (await folder(api, { type: 'INBOX' }))!;
    const archiveName = '빌드';
    const buildFolder = await createFolder(api, archiveName);

    const res = await api.call('POST', '/filters', {
      name: '베타 빌드',
      applyToExisting: true,
      conditions: [{ conditionType: 'SUBJECT', operator: 'STARTS_WITH', value: '[베타]' }],
      actions: [
        { actionType: 'MOVE_TO_FOLDER', actionValue: String(buildFolder) },
        { actionType: 'MARK_READ' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const filterId = res.json().data.id;

    const done = await eventually(async () => {
      const list = await api.data('GET', '/notifications?page=0&size=50');
      return list.content.find(
        (n: { type: string; data: { existingMail?: boolean } }) =>
          n.type === 'FILTER_EXECUTED' && n.data.existingMail,
      );
    });
    const matched = Math.floor(count / 2);
    expect(done.data).toMatchObject({ filterId, scanned: before.totalCount, matched });
    // In the user's language, from the notifications' texts.
    expect(done.title).toBe("필터 '베타 빌드' 실행됨");
    expect(done.content).toBe(
      `받은편지함의 메일 ${before.totalCount}통 중 ${matched}통에 필터를 적용했습니다.`,
    );

    expect(await folder(api, { name: archiveName })).toMatchObject({ totalCount: matched, unreadCount: 0 });
    expect(await folder(api, { type: 'INBOX' })).toMatchObject({
      totalCount: before.totalCount - matched,
      unreadCount: before.unreadCount - matched,
    });
    await countsMatchRows(ctx, jun.user.id);
    expect((await api.data('GET', `/filters/${filterId}`)).stats.executionCount).toBe(matched);
    const stats = await api.data('GET', '/filters/statistics');
    // The first test deleted its filter, and its history went with it.
    expect(stats.totalExecutions).toBe(matched);
    expect(stats.topFilters[0]).toMatchObject({ id: filterId, executionCount: matched });
  });

  it('an inactive filter is not applied to existing mail', async () => {
    const inbox = (await folder(api, { type: 'INBOX' }))!;
    const res = await api.call('POST', '/filters', {
      name: '꺼진 필터',
      isActive: false,
      applyToExisting: true,
      conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: '잡담' }],
      actions: [{ actionType: 'DELETE' }],
    });
    expect(res.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await folder(api, { type: 'INBOX' }))!.totalCount).toBe(inbox.totalCount);
  });
});
