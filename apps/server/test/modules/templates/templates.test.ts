// Over 300 lines on purpose: the templates API's create, read, filter and update over one server,
// read as the API's one specification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../helpers/test-app.js';
import { newUser, startApp } from './http.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startApp();
});
afterAll(async () => ctx.close());

const meeting = {
  name: '회의 초대',
  subject: '{{date}} 회의 안내',
  bodyText: '{{name}}님, {{date}}에 회의가 있습니다. {{name}}님 참석 부탁드립니다.',
};

describe('creating and reading templates', () => {
  it('stores the variables of subject and body as the JSON object text of SPEC §3', async () => {
    const minji = await newUser(ctx.app);
    const created = await minji.data('POST', '/templates', meeting);
    expect(created).toMatchObject({
      name: '회의 초대',
      subject: '{{date}} 회의 안내',
      content: meeting.bodyText,
      bodyText: meeting.bodyText,
      bodyHtml: null,
      variables: '{"date":"","name":""}',
      category: 'GENERAL',
      categoryName: '일반',
      categoryColor: '#3B82F6',
      isShared: false,
      isActive: true,
      usageCount: 0,
      isOwner: true,
      ownerId: minji.id,
    });
    expect(await minji.data('GET', `/templates/${created.id}`)).toEqual(created);
  });

  it('accepts `content` for the body and a category by code or by id', async () => {
    const minji = await newUser(ctx.app);
    const byCode = await minji.data('POST', '/templates', {
      name: 'a',
      subject: 's',
      content: '본문',
      category: 'BUSINESS',
    });
    expect(byCode).toMatchObject({ bodyText: '본문', category: 'BUSINESS', categoryName: '업무' });
    const custom = await minji.data('POST', '/templates/categories', { name: '프로젝트', color: '#10B981' });
    const byId = await minji.data('POST', '/templates', {
      name: 'b',
      subject: 's',
      bodyText: 'x',
      categoryId: custom.id,
      category: 'PERSONAL',
    });
    expect(byId).toMatchObject({
      categoryId: custom.id,
      category: null,
      categoryName: '프로젝트',
      categoryColor: '#10B981',
    });
  });

  it('sanitises the HTML body when it stores it', async () => {
    const minji = await newUser(ctx.app);
    const created = await minji.data('POST', '/templates', {
      ...meeting,
      bodyHtml:
        '<p onclick="alert(1)">{{name}}님</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">',
    });
    expect(created.bodyHtml).toBe('<p>{{name}}님</p>x');
  });

  it('lists own and shared templates, newest first, page 0 size 20 by default', async () => {
    // A server of its own: shared templates made by other tests would show up in these totals.
    const alone = await startApp();
    try {
      const minji = await newUser(alone.app);
      const jun = await newUser(alone.app);
      for (let i = 0; i < 22; i += 1)
        await minji.data('POST', '/templates', { name: `t${i}`, subject: 's', bodyText: 'b' });
      const shared = await jun.data('POST', '/templates', {
        name: '팀 공지',
        subject: 's',
        bodyText: 'b',
        isShared: true,
      });
      await jun.data('POST', '/templates', { name: 'jun private', subject: 's', bodyText: 'b' });
      await jun.data('POST', '/templates', {
        name: 'jun shared but off',
        subject: 's',
        bodyText: 'b',
        isShared: true,
        isActive: false,
      });

      const first = await minji.data('GET', '/templates');
      expect(first).toMatchObject({
        number: 0,
        size: 20,
        totalElements: 23,
        totalPages: 2,
        first: true,
        last: false,
      });
      expect(first.content).toHaveLength(20);
      expect(first.content[0]).toMatchObject({ id: shared.id, isOwner: false, ownerId: jun.id });
      expect(first.content[1].name).toBe('t21');
      const second = await minji.data('GET', '/templates?page=1&size=20');
      expect(second).toMatchObject({ number: 1, last: true });
      expect(second.content.map((t: { name: string }) => t.name)).toEqual(['t2', 't1', 't0']);
      expect(JSON.stringify([first, second])).not.toContain('jun private');
      expect(JSON.stringify([first, second])).not.toContain('but off');
      const small = await minji.data('GET', '/templates?page=2&size=10');
      expect(small.content.map((t: { name: string }) => t.name)).toEqual(['t2', 't1', 't0']);
    } finally {
      await alone.close();
    }
  });

  it('filters by isActive, category code and categoryId', async () => {
    const minji = await newUser(ctx.app);
    const a = await minji.data('POST', '/templates', {
      name: 'a',
      subject: 's',
      bodyText: 'b',
      category: 'BUSINESS',
    });
    const b = await minji.data('POST', '/templates', {
      name: 'b',
      subject: 's',
      bodyText: 'b',
      isActive: false,
    });
    // Only the user's own: other tests share templates on this server.
    const names = async (query: string) =>
      (await minji.data('GET', `/templates?${query}`)).content
        .filter((t: { isOwner: boolean }) => t.isOwner)
        .map((t: { name: string }) => t.name);
    expect(await names('isActive=false')).toEqual(['b']);
    expect(await names('isActive=true')).toEqual(['a']);
    expect(await names('category=BUSINESS')).toEqual(['a']);
    expect(await names('category=business')).toEqual(['a']);
    expect(await names(`categoryId=${b.categoryId}`)).toEqual(['b']);
    expect(a.categoryId).not.toBe(b.categoryId);
  });
});

describe('changing templates', () => {
  it('updates texts, variables and category; keeps isActive and isShared when not sent', async () => {
    const minji = await newUser(ctx.app);
    const t = await minji.data('POST', '/templates', { ...meeting, isShared: true });
    await minji.data('PATCH', `/templates/${t.id}/active?isActive=false`);
    const updated = await minji.data('PUT', `/templates/${t.id}`, {
      name: '새 이름',
      subject: '{{topic}}',
      bodyText: '{{place}}에서',
      category: 'PERSONAL',
    });
    expect(updated).toMatchObject({
      name: '새 이름',
      variables: '{"topic":"","place":""}',
      category: 'PERSONAL',
      isActive: false,
      isShared: true,
    });
    const again = await minji.data('PUT', `/templates/${t.id}`, {
      name: 'n',
      subject: 's',
      bodyText: 'b',
      isActive: true,
      isShared: false,
    });
    expect(again).toMatchObject({ isActive: true, isShared: false, category: 'PERSONAL' });
  });

  it('toggles active singly and in bulk, only for the owner', async () => {
    const minji = await newUser(ctx.app);
    const jun = await newUser(ctx.app);
    const a = await minji.data('POST', '/templates', { name: 'a', subject: 's', bodyText: 'b' });
    const b = await minji.data('POST', '/templates', { name: 'b', subject: 's', bodyText: 'b' });
    const juns = await jun.data('POST', '/templates', {
      name: 'j',
      subject: 's',
      bodyText: 'b',
      isShared: true,
    });
    expect((await minji.data('PATCH', `/templates/${a.id}/active?isActive=false`)).isActive).toBe(false);
    expect(
      await minji.data('PATCH', '/templates/bulk/active', {
        templateIds: [a.id, b.id, juns.id],
        isActive: false,
      }),
    ).toEqual({ affected: 2 });
    expect((await jun.data('GET', `/templates/${juns.id}`)).isActive).toBe(true);
    expect(
      await minji.data('PATCH', '/templates/bulk/active', { templateIds: [a.id, b.id], isActive: true }),
    ).toEqual({ affected: 2 });
    expect((await minji.data('GET', `/templates/${b.id}`)).isActive).toBe(true);
  });

  it('copies with a default name in the user language, within 100 characters, never shared', async () => {
    const ko = await newUser(ctx.app, 'ko');
    const en = await newUser(ctx.app, 'en');
    const t = await ko.data('POST', '/templates', { ...meeting, isShared: true, category: 'BUSINESS' });
    const copy = await ko.data('POST', `/templates/${t.id}/copy`, {});
    expect(copy).toMatchObject({
      name: '회의 초대 (사본)',
      subject: meeting.subject,
      variables: t.variables,
      isShared: false,
      usageCount: 0,
      categoryId: t.categoryId,
    });
    const named = await ko.data('POST', `/templates/${t.id}/copy`, { name: '내 사본' });
    expect(named.name).toBe('내 사본');
    const long = await ko.data('POST', '/templates', { name: '가'.repeat(100), subject: 's', bodyText: 'b' });
    const longCopy = await ko.data('POST', `/templates/${long.id}/copy`);
    expect(longCopy.name).toHaveLength(100);
    expect(longCopy.name.endsWith(' (사본)')).toBe(true);
    const enCopy = await en.data('POST', `/templates/${t.id}/copy`, {});
    expect(enCopy).toMatchObject({
      name: '회의 초대 (copy)',
      isOwner: true,
      ownerId: en.id,
      category: 'BUSINESS',
      categoryName: 'Business',
    });
  });

  it('deletes singly and in bulk; the owner only', async () => {
    const minji = await newUser(ctx.app);
    const jun = await newUser(ctx.app);
    const ids = [];
    for (const name of ['a', 'b', 'c'])
      ids.push((await minji.data('POST', '/templates', { name, subject: 's', bodyText: 'b' })).id);
    const juns = await jun.data('POST', '/templates', { name: 'j', subject: 's', bodyText: 'b' });
    expect((await minji.call('DELETE', `/templates/${ids[0]}`)).statusCode).toBe(200);
    expect((await minji.call('GET', `/templates/${ids[0]}`)).statusCode).toBe(404);
    expect(await minji.data('DELETE', '/templates/bulk', { templateIds: [ids[1], ids[2], juns.id] })).toEqual(
      { affected: 2 },
    );
    expect((await minji.data('GET', '/templates/statistics')).totalTemplates).toBe(0);
    expect((await jun.call('GET', `/templates/${juns.id}`)).statusCode).toBe(200);
  });
});

describe('validation (SPEC §5) in Korean and English', () => {
  const post = async (lang: 'ko' | 'en', body: object) => {
    const user = await newUser(ctx.app, lang);
    return user.call('POST', '/templates', body);
  };

  it('requires a name, a subject and a body', async () => {
    const res = await post('ko', { name: ' ', subject: '', bodyText: '  ' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'subject', 'bodyText']));
    expect(res.json().errors.find((e: { field: string }) => e.field === 'subject').message).toBe(
      '제목을 입력해 주세요.',
    );
    const en = await post('en', { name: 'n', subject: 's' });
    expect(en.json().errors).toEqual([{ field: 'bodyText', message: 'Enter the message body.' }]);
  });

  it('allows a 200-character subject and a 10000-character body, and no more', async () => {
    expect(
      (await post('ko', { name: 'n', subject: 's'.repeat(200), bodyText: 'b'.repeat(10_000) })).statusCode,
    ).toBe(201);
    const subject = await post('en', { name: 'n', subject: 's'.repeat(201), bodyText: 'b' });
    expect(subject.statusCode).toBe(400);
    expect(subject.json().errors).toEqual([{ field: 'subject', message: 'At most 200 characters.' }]);
    const body = await post('ko', { name: 'n', subject: 's', bodyText: 'b'.repeat(10_001) });
    expect(body.json().errors).toEqual([
      { field: 'bodyText', message: '최대 10000자까지 입력할 수 있습니다.' },
    ]);
  });

  it.each([
    ['{{first name}}', 'ko', '올바르지 않은 변수입니다: {{first name}}'],
    ['{{first name}}', 'en', 'Invalid variable: {{first name}}'],
    ['{{}}', 'ko', '올바르지 않은 변수입니다: {{}}'],
    ['{{}}', 'en', 'Invalid variable: {{}}'],
    ['{{name', 'en', 'Invalid variable: {{name'],
  ] as const)('names the bad variable %s (%s)', async (bad, lang, text) => {
    const res = await post(lang, { name: 'n', subject: 's', bodyText: `안녕하세요 ${bad} 님` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain(text);
    expect(res.json().errors[0]).toMatchObject({ field: 'bodyText' });
  });

  it('checks variables in the subject too, and accepts Korean variable names', async () => {
    const res = await post('en', { name: 'n', subject: 'Hi {{a-b}}', bodyText: 'x' });
    expect(res.json().errors).toEqual([
      { field: 'subject', message: 'Invalid variable: {{a-b}} (use {{name}})' },
    ]);
    const ok = await post('ko', { name: 'n', subject: '{{이름}}님께', bodyText: '{{회사_명}}' });
    expect(ok.json().data.variables).toBe('{"이름":"","회사_명":""}');
  });
});
