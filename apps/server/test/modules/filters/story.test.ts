import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { sendMessage } from '../../mail/helpers/smtp-client.js';
import { countsMatchRows } from '../messages/mail-api.js';
import { alphaFilter, apiFor, createFolder, folder, message, rows, type Api } from './helpers.js';

let ctx: TestServer;
let jun: SignedIn;
let api: Api;
let projectId: number;
let filterId: number;

const smtpPort = () => ctx.server.smtp?.port ?? 0;

beforeAll(async () => {
  ctx = await createTestServer({ SERVICES: 'smtp' });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  api = apiFor(ctx, jun);
  projectId = await createFolder(api, '프로젝트');
});
afterAll(async () => {
  await ctx?.close();
});

function smtpMessage(subject: string, from = 'Lead <lead@corp.example>'): Buffer {
  return Buffer.from(
    `From: ${from}\r\nTo: jun@postline.local\r\nSubject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=\r\n` +
      `Message-ID: <${Math.random().toString(36).slice(2)}@corp.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n회의 자료입니다.\r\n`,
  );
}

describe("Jun's filter, from creation to the mail arriving in its folder", () => {
  it('creates the filter; it is listed with counts and no executions yet', async () => {
    const res = await api.call('POST', '/filters', alphaFilter(projectId));
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    filterId = created.id;
    expect(created).toMatchObject({
      name: '알파 프로젝트',
      isActive: true,
      applyToExisting: false,
      priority: 1,
      conditionCount: 2,
      actionCount: 3,
      stats: { executionCount: 0, lastExecuted: null },
    });
    expect(created.actions.map((a: { actionType: string }) => a.actionType)).toEqual([
      'MOVE_TO_FOLDER',
      'MARK_READ',
      'ADD_LABEL',
    ]);
    const list = await api.data('GET', '/filters');
    expect(list.map((f: { id: number }) => f.id)).toEqual([filterId]);
    expect((await api.data('GET', `/filters/${filterId}`)).conditions[0]).toMatchObject({
      conditionType: 'SUBJECT',
      value: '[알파]',
    });
  });

  it('tests it against an inline sample: which conditions matched and which actions would run', async () => {
    const sample = {
      ...FILTER_TEST_SAMPLES[4]!,
      subject: '[알파] 베타 일정',
      fromAddress: 'pm@corp.example',
    };
    const res = await api.call('POST', `/filters/${filterId}/test`, { message: sample }, 'en');
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result.matched).toBe(true);
    expect(result.reason).toBe('All 2 conditions matched.');
    expect(result.matchedConditions.map((c: { description: string }) => c.description)).toEqual([
      'Subject contains "[알파]"',
      'From ends with "@corp.example"',
    ]);
    expect(result.appliedActions.map((a: { description: string }) => a.description)).toEqual([
      'Move to folder: 프로젝트',
      'Mark as read',
      'Add label: work',
    ]);

    const miss = (
      await api.call('POST', `/filters/${filterId}/test`, { message: FILTER_TEST_SAMPLES[0] })
    ).json().data;
    expect(miss.matched).toBe(false);
    expect(miss.appliedActions).toEqual([]);
    expect(miss.failedCondition.conditionType).toBe('SUBJECT');
    expect(miss.reason).toContain('일치하지 않는 조건');
  });

  it('testing changes nothing: no execution is counted', async () => {
    expect((await api.data('GET', `/filters/${filterId}`)).stats.executionCount).toBe(0);
  });

  it('mail arriving over SMTP lands in 프로젝트, read and labelled, with counts and the execution recorded', async () => {
    const inboxBefore = (await folder(api, { type: 'INBOX' }))!;
    const result = await sendMessage(
      smtpPort(),
      { from: 'lead@corp.example', to: ['jun@postline.local'] },
      smtpMessage('[알파] 3월 회의록'),
    );
    expect(result.final).toMatch(/^250 /);

    const [stored] = await rows<{ id: number }>(
      ctx,
      sql`SELECT id FROM messages WHERE user_id = ${jun.user.id} ORDER BY id DESC LIMIT 1`,
    );
    const row = await message(ctx, stored!.id);
    expect(row.subject).toBe('[알파] 3월 회의록');
    expect(row.mailbox_id).toBe(projectId);
    expect(row.is_read).toBe(true);
    expect(row.labels).toEqual(['work']);

    const project = (await folder(api, { name: '프로젝트' }))!;
    expect(project).toMatchObject({ totalCount: 1, unreadCount: 0 });
    const inbox = (await folder(api, { type: 'INBOX' }))!;
    expect(inbox.totalCount).toBe(inboxBefore.totalCount);
    await countsMatchRows(ctx, jun.user.id);

    const filter = await api.data('GET', `/filters/${filterId}`);
    expect(filter.stats.executionCount).toBe(1);
    expect(Date.now() - Date.parse(filter.stats.lastExecuted)).toBeLessThan(60_000);
    const executions = await rows<{ message_id: number }>(
      ctx,
      sql`SELECT message_id FROM filter_executions WHERE filter_id = ${filterId}`,
    );
    expect(executions.map((e) => Number(e.message_id))).toEqual([stored!.id]);

    const notes = await api.data('GET', '/notifications?page=0&size=20');
    const executed = notes.content.find((n: { type: string }) => n.type === 'FILTER_EXECUTED');
    expect(executed.title).toContain('알파 프로젝트');
    expect(executed.data.messageId).toBe(stored!.id);
  });

  it('mail that does not match stays in the inbox, unread, and is not counted', async () => {
    await sendMessage(
      smtpPort(),
      { from: 'friend@other.example', to: ['jun@postline.local'] },
      smtpMessage('[알파] 안부', 'friend@other.example'),
    );
    const [stored] = await rows<{ id: number }>(
      ctx,
      sql`SELECT id FROM messages WHERE user_id = ${jun.user.id} ORDER BY id DESC LIMIT 1`,
    );
    const row = await message(ctx, stored!.id);
    expect(row.mailbox_id).toBe((await folder(api, { type: 'INBOX' }))!.id);
    expect(row.is_read).toBe(false);
    expect(row.labels).toEqual([]);
    expect((await api.data('GET', `/filters/${filterId}`)).stats.executionCount).toBe(1);
  });

  it('the test modal can use a real message of the user by id', async () => {
    const [stored] = await rows<{ id: number }>(
      ctx,
      sql`SELECT id FROM messages WHERE user_id = ${jun.user.id} AND mailbox_id = ${projectId}`,
    );
    const result = (await api.call('POST', `/filters/${filterId}/test`, { messageId: stored!.id })).json()
      .data;
    expect(result.matched).toBe(true);
    expect(result.reason).toBe('모든 조건(2개)이 일치합니다.');
  });

  it('statistics count what happened', async () => {
    const stats = await api.data('GET', '/filters/statistics');
    expect(stats).toMatchObject({
      totalFilters: 1,
      activeFilters: 1,
      inactiveFilters: 0,
      totalExecutions: 1,
      activationRate: 100,
    });
    expect(stats.averageExecutionTimeMs).toBeGreaterThanOrEqual(0);
    expect(stats.topFilters).toEqual([
      {
        id: filterId,
        name: '알파 프로젝트',
        description: '알파 팀 메일 정리',
        executionCount: 1,
        isActive: true,
        conditionCount: 2,
      },
    ]);
    expect(stats.executionsByDay).toHaveLength(30);
    expect(stats.executionsByDay.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 1 });
    expect(stats.executionsByDay.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(1);
    expect(stats.executionsByHour).toHaveLength(24);
    expect(stats.executionsByHour[new Date().getUTCHours()].count).toBe(1);
    expect(stats.topConditionTypes).toEqual(
      expect.arrayContaining([
        { type: 'SUBJECT', count: 1 },
        { type: 'FROM', count: 1 },
      ]),
    );
    expect(stats.topActionTypes).toHaveLength(3);
  });
});
