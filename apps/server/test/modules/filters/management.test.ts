import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { apiFor, deliver, folder, incoming, message, simpleFilter, type Api } from './helpers.js';

let ctx: TestContext;
let jun: SignedIn;
let api: Api;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  api = apiFor(ctx, jun);
});
afterAll(async () => {
  await ctx?.close();
});

async function create(
  body: unknown,
): Promise<{ id: number; name: string; priority: number; isActive: boolean }> {
  return api.data('POST', '/filters', body);
}

async function order(): Promise<Array<[string, number]>> {
  return (await api.data<Array<{ name: string; priority: number }>>('GET', '/filters')).map((f) => [
    f.name,
    f.priority,
  ]);
}

describe('metadata', () => {
  it('labels condition types, operators and actions in the request language, with operators per type', async () => {
    const en = (await api.call('GET', '/filters/metadata', undefined, 'en')).json().data;
    const ko = await api.data('GET', '/filters/metadata');
    expect(en.conditionTypes.find((t: { value: string }) => t.value === 'SIZE')).toMatchObject({
      label: 'Size',
      operators: ['GREATER_THAN', 'LESS_THAN', 'EQUALS'],
      caseAndRegexOptions: false,
    });
    expect(ko.conditionTypes.find((t: { value: string }) => t.value === 'SUBJECT').label).toBe('제목');
    expect(en.actionTypes.find((a: { value: string }) => a.value === 'DELETE')).toMatchObject({
      warning: true,
      valueKind: null,
    });
    expect(en.actionTypes.find((a: { value: string }) => a.value === 'MOVE_TO_FOLDER').valueKind).toBe(
      'mailboxId',
    );
  });
});

describe('STOP_PROCESSING and priority order on delivery', () => {
  it('a stopping filter keeps later ones from running; without it both run in priority order', async () => {
    const first = await create(
      simpleFilter('첫째', '보고', [
        { actionType: 'ADD_LABEL', actionValue: 'first' },
        { actionType: 'STOP_PROCESSING' },
      ]),
    );
    const second = await create(
      simpleFilter('둘째', '보고', [
        { actionType: 'ADD_LABEL', actionValue: 'second' },
        { actionType: 'MARK_STARRED' },
      ]),
    );
    const stopped = await deliver(ctx, jun.user.id, incoming({ subject: '주간 보고' }));
    expect(await message(ctx, stopped.id)).toMatchObject({ labels: ['first'], is_starred: false });

    // Once the stopping filter is off, both labels land, in priority order.
    await api.data('PUT', '/filters/status', { filterIds: [first.id], isActive: false });
    const both = await deliver(ctx, jun.user.id, incoming({ subject: '월간 보고' }));
    expect(await message(ctx, both.id)).toMatchObject({ labels: ['second'], is_starred: true });
    await api.data('PUT', '/filters/status', { filterIds: [first.id], isActive: true });
    await api.data('PUT', '/filters/priority', [{ filterId: second.id, newPriority: 1 }]);
    const reordered = await deliver(ctx, jun.user.id, incoming({ subject: '분기 보고' }));
    expect(await message(ctx, reordered.id)).toMatchObject({ labels: ['second', 'first'], is_starred: true });

    expect((await api.data('GET', `/filters/${second.id}`)).stats.executionCount).toBe(2);
    expect((await api.data('GET', `/filters/${first.id}`)).stats.executionCount).toBe(2);
    for (const f of [first, second]) await api.data('DELETE', `/filters/${f.id}`);
  });

  it('DELETE sends mail to the trash and MARK_SPAM and SKIP_INBOX make their folders on first use', async () => {
    const trash = await create(simpleFilter('휴지통', '광고', [{ actionType: 'DELETE' }]));
    const spam = await create(simpleFilter('스팸', '대출', [{ actionType: 'MARK_SPAM' }]));
    const archive = await create(simpleFilter('보관', '영수증', [{ actionType: 'SKIP_INBOX' }]));
    expect(await folder(api, { type: 'SPAM' })).toBeUndefined();
    const a = await deliver(ctx, jun.user.id, incoming({ subject: '[광고] 특가' }));
    const b = await deliver(ctx, jun.user.id, incoming({ subject: '무담보 대출' }));
    const c = await deliver(ctx, jun.user.id, incoming({ subject: '영수증 발급' }));
    expect((await message(ctx, a.id)).mailbox_id).toBe((await folder(api, { type: 'TRASH' }))!.id);
    expect((await message(ctx, b.id)).mailbox_id).toBe((await folder(api, { type: 'SPAM' }))!.id);
    expect((await message(ctx, c.id)).mailbox_id).toBe((await folder(api, { type: 'ARCHIVE' }))!.id);
    expect(await folder(api, { type: 'SPAM' })).toMatchObject({ totalCount: 1, unreadCount: 1 });
    for (const f of [trash, spam, archive]) await api.data('DELETE', `/filters/${f.id}`);
  });
});

describe('priority', () => {
  it('new filters go last; a drag gives the dragged filter the target place; priorities stay 1..n', async () => {
    const ids: Record<string, number> = {};
    for (const name of ['A', 'B', 'C', 'D'])
      ids[name] = (await create(simpleFilter(name, name, [{ actionType: 'MARK_READ' }]))).id;
    expect(await order()).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
      ['D', 4],
    ]);

    // Drag A onto C (downwards): A takes C's place.
    const after = await api.data<Array<{ name: string; priority: number }>>('PUT', '/filters/priority', [
      { filterId: ids.A, newPriority: 3 },
    ]);
    expect(after.map((f) => f.name)).toEqual(['B', 'C', 'A', 'D']);
    // Move D up one (its neighbour's priority).
    await api.data('PUT', '/filters/priority', [{ filterId: ids.D, newPriority: 3 }]);
    expect(await order()).toEqual([
      ['B', 1],
      ['C', 2],
      ['D', 3],
      ['A', 4],
    ]);
    // A whole new order at once.
    await api.data('PUT', '/filters/priority', [
      { filterId: ids.A, newPriority: 1 },
      { filterId: ids.B, newPriority: 2 },
      { filterId: ids.C, newPriority: 3 },
      { filterId: ids.D, newPriority: 4 },
    ]);
    expect(await order()).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
      ['D', 4],
    ]);
    // Deleting closes the gap.
    await api.data('DELETE', `/filters/${ids.B}`);
    expect(await order()).toEqual([
      ['A', 1],
      ['C', 2],
      ['D', 3],
    ]);
    expect((await api.call('GET', `/filters/${ids.B}`)).statusCode).toBe(404);
  });

  it('bulk status switches several off and on at once', async () => {
    const list = await api.data<Array<{ id: number }>>('GET', '/filters');
    const ids = list.map((f) => f.id);
    const off = await api.data<Array<{ isActive: boolean }>>('PUT', '/filters/status', {
      filterIds: ids,
      isActive: false,
    });
    expect(off).toHaveLength(ids.length);
    expect(off.every((f) => !f.isActive)).toBe(true);
    const stats = await api.data('GET', '/filters/statistics');
    expect(stats).toMatchObject({ totalFilters: 3, activeFilters: 0, inactiveFilters: 3, activationRate: 0 });
    await api.data('PUT', '/filters/status', { filterIds: ids.slice(0, 2), isActive: true });
    expect((await api.data('GET', '/filters/statistics')).activationRate).toBe(67);
  });
});

describe('copy and edit', () => {
  it("copies as 'X (사본)' / 'X (copy)' or with the given name, last in priority", async () => {
    const source = await create({
      ...simpleFilter('뉴스레터', 'newsletter', [{ actionType: 'ADD_LABEL', actionValue: 'news' }]),
      description: '구독 메일',
    });
    const ko = (await api.call('POST', `/filters/${source.id}/copy`, {})).json().data;
    expect(ko).toMatchObject({
      name: '뉴스레터 (사본)',
      description: '구독 메일',
      conditionCount: 1,
      actionCount: 1,
    });
    expect(ko.id).not.toBe(source.id);
    const en = (await api.call('POST', `/filters/${source.id}/copy`, undefined, 'en')).json().data;
    expect(en.name).toBe('뉴스레터 (copy)');
    const named = (await api.call('POST', `/filters/${source.id}/copy`, { name: '새 이름' })).json().data;
    expect(named.name).toBe('새 이름');
    const list = await api.data<Array<{ id: number }>>('GET', '/filters');
    expect(list.at(-1)!.id).toBe(named.id);
    expect(named.actions[0]).toMatchObject({ actionType: 'ADD_LABEL', actionValue: 'news' });
  });

  it('PUT replaces conditions and actions and accepts the older criteria shape', async () => {
    const f = await create(simpleFilter('수정 전', 'x', [{ actionType: 'MARK_READ' }]));
    const updated = await api.data('PUT', `/filters/${f.id}`, {
      name: '  수정 후  ',
      isActive: false,
      criteria: [
        { field: 'FROM', operator: 'CONTAINS', value: 'boss@' },
        { field: 'HAS_ATTACHMENT', operator: 'EQUALS', value: 'true' },
      ],
      actions: [{ type: 'MARK_AS_STARRED' }, { type: 'ADD_LABEL', value: 'boss' }],
    });
    expect(updated).toMatchObject({
      name: '수정 후',
      isActive: false,
      priority: f.priority,
      conditionCount: 2,
    });
    expect(updated.conditions[1]).toMatchObject({
      conditionType: 'HAS_ATTACHMENT',
      operator: 'EXISTS',
      value: '',
    });
    expect(updated.actions.map((a: { actionType: string }) => a.actionType)).toEqual([
      'MARK_STARRED',
      'ADD_LABEL',
    ]);
  });
});
