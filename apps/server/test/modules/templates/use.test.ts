// Over 300 lines on purpose: preview, apply and use of a template (variables, counts, concurrent
// uses) over one server, read as one specification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../helpers/test-app.js';
import { newUser, startApp } from './http.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startApp();
});
afterAll(async () => ctx.close());

const invitation = {
  name: '회의 초대',
  subject: '{{date}} {{topic}} 회의',
  bodyText: '{{name}}님, {{topic}} 회의에 초대합니다.',
};

describe('preview, apply and use', () => {
  it('fills variables, reports the missing ones, and only use counts', async () => {
    const minji = await newUser(ctx.app);
    const t = await minji.data('POST', '/templates', invitation);
    const values = { templateId: t.id, variableValues: { name: '준', date: '5월 1일' } };
    const applied = await minji.data('POST', '/templates/apply', values);
    expect(applied).toEqual({
      subject: '5월 1일 {{topic}} 회의',
      content: '준님, {{topic}} 회의에 초대합니다.',
      missingVariables: ['topic'],
    });
    expect((await minji.data('GET', `/templates/${t.id}`)).usageCount).toBe(0);

    const used = await minji.data('POST', '/templates/use', {
      templateId: t.id,
      variableValues: { name: '준', date: '5월 1일', topic: '예산' },
    });
    expect(used).toEqual({
      subject: '5월 1일 예산 회의',
      content: '준님, 예산 회의에 초대합니다.',
      missingVariables: [],
    });
    expect((await minji.data('GET', `/templates/${t.id}`)).usageCount).toBe(1);
  });

  it('counts every one of concurrent uses', async () => {
    const minji = await newUser(ctx.app);
    const t = await minji.data('POST', '/templates', invitation);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        minji.data('POST', '/templates/use', { templateId: t.id, variableValues: {} }),
      ),
    );
    expect((await minji.data('GET', `/templates/${t.id}`)).usageCount).toBe(8);
  });

  it('previews a saved template or texts not saved yet; values are not read as placeholders', async () => {
    const minji = await newUser(ctx.app);
    const t = await minji.data('POST', '/templates', invitation);
    const saved = await minji.data('POST', '/templates/preview', {
      templateId: t.id,
      variableValues: { topic: '{{name}}', name: '$& 준' },
    });
    expect(saved.content).toBe('$& 준님, {{name}} 회의에 초대합니다.');
    const draft = await minji.data('POST', '/templates/preview', {
      subject: 'Hi {{who}}',
      content: 'Bye {{who}}',
      variableValues: { who: 'Jun' },
    });
    expect(draft).toEqual({ subject: 'Hi Jun', content: 'Bye Jun', missingVariables: [] });
    const neither = await minji.call('POST', '/templates/preview', { variableValues: {} });
    expect(neither.statusCode).toBe(400);
  });

  it('fills sender name, e-mail and date by itself when they are not given', async () => {
    const minji = await newUser(ctx.app, 'ko', '김민지');
    const t = await minji.data('POST', '/templates', {
      name: 'n',
      subject: '{{date}}',
      bodyText: '{{senderName}} <{{senderEmail}}> {{custom}}',
    });
    const result = await minji.data('POST', '/templates/apply', {
      templateId: t.id,
      variableValues: { senderName: '' },
    });
    expect(result.subject).toMatch(/^\d{4}년 \d{1,2}월 \d{1,2}일$/);
    expect(result.content).toMatch(/^김민지 <user\d+-\d+@example\.com> \{\{custom\}\}$/);
    expect(result.missingVariables).toEqual(['custom']);
  });

  it('lists the variables of one template', async () => {
    const minji = await newUser(ctx.app);
    const t = await minji.data('POST', '/templates', invitation);
    expect(await minji.data('GET', `/templates/${t.id}/variables`)).toEqual({
      variables: ['date', 'topic', 'name'],
    });
  });
});

describe('system variables', () => {
  it('gives sender name and e-mail, date and time in the user language, and a known recipient', async () => {
    const minji = await newUser(ctx.app, 'ko', '김민지');
    const jun = await newUser(ctx.app, 'en', 'Jun Park');
    const juns = (await jun.data('GET', '/auth/me')).email as string;
    const ko = await minji.data(
      'GET',
      `/templates/system-variables?recipientEmail=${encodeURIComponent(juns.toUpperCase())}`,
    );
    const byName = Object.fromEntries(ko.map((v: { name: string; example: string }) => [v.name, v]));
    expect(Object.keys(byName)).toEqual(['senderName', 'senderEmail', 'date', 'time', 'recipientName']);
    expect(byName.senderName).toMatchObject({ example: '김민지', description: '보내는 사람 이름' });
    expect(byName.date.example).toMatch(/^\d{4}년 \d{1,2}월 \d{1,2}일$/);
    expect(byName.time.example).toMatch(/^(오전|오후) \d{1,2}:\d{2}$/);
    expect(byName.recipientName.example).toBe('Jun Park');

    const en = await jun.data('GET', '/templates/system-variables?recipientEmail=nobody@example.com');
    const enByName = Object.fromEntries(en.map((v: { name: string; example: string }) => [v.name, v]));
    expect(enByName.recipientName).toBeUndefined();
    expect(enByName.date.example).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(enByName.time.example).toMatch(/^\d{1,2}:\d{2}\s?(AM|PM)$/);
    expect(enByName.senderEmail.description).toBe("Sender's e-mail address");
  });
});

describe('popular and search', () => {
  it('popular lists own and shared templates by usage, 10 by default', async () => {
    const alone = await startApp();
    try {
      const minji = await newUser(alone.app);
      const jun = await newUser(alone.app);
      const uses: [string, number][] = [];
      for (let i = 0; i < 12; i += 1) {
        const t = await minji.data('POST', '/templates', { name: `m${i}`, subject: 's', bodyText: 'b' });
        for (let n = 0; n < i; n += 1)
          await minji.data('POST', '/templates/use', { templateId: t.id, variableValues: {} });
        uses.push([`m${i}`, i]);
      }
      const shared = await jun.data('POST', '/templates', {
        name: 'jun shared',
        subject: 's',
        bodyText: 'b',
        isShared: true,
      });
      for (let n = 0; n < 20; n += 1)
        await minji.data('POST', '/templates/use', { templateId: shared.id, variableValues: {} });
      const juns = await jun.data('POST', '/templates', { name: 'jun private', subject: 's', bodyText: 'b' });
      for (let n = 0; n < 30; n += 1)
        await jun.data('POST', '/templates/use', { templateId: juns.id, variableValues: {} });

      const popular = await minji.data('GET', '/templates/popular');
      expect(popular.map((t: { name: string }) => t.name)).toEqual([
        'jun shared',
        'm11',
        'm10',
        'm9',
        'm8',
        'm7',
        'm6',
        'm5',
        'm4',
        'm3',
      ]);
      expect(popular[0]).toMatchObject({ usageCount: 20, isOwner: false });
      const top5 = await minji.data('GET', '/templates/popular?limit=5');
      expect(top5).toHaveLength(5);
      expect((await minji.call('GET', '/templates/popular?limit=0')).statusCode).toBe(400);
    } finally {
      await alone.close();
    }
  });

  it('searches name, subject and body without case, taking % and _ literally', async () => {
    const minji = await newUser(ctx.app);
    await minji.data('POST', '/templates', { name: 'Weekly Report', subject: 's', bodyText: 'b' });
    await minji.data('POST', '/templates', { name: 'n', subject: '주간 회의록', bodyText: 'b' });
    await minji.data('POST', '/templates', { name: 'n2', subject: 's', bodyText: '할인 50% 안내' });
    await minji.data('POST', '/templates', { name: 'n3', subject: 's', bodyText: '할인 500 안내' });
    await minji.data('POST', '/templates', { name: 'snake_case', subject: 's', bodyText: 'b' });
    await minji.data('POST', '/templates', { name: 'snakeXcase', subject: 's', bodyText: 'b' });
    const search = async (keyword: string) =>
      (await minji.data('GET', `/templates/search?keyword=${encodeURIComponent(keyword)}`)).content
        .filter((t: { isOwner: boolean }) => t.isOwner)
        .map((t: { name: string }) => t.name)
        .sort();
    expect(await search('weekly')).toEqual(['Weekly Report']);
    expect(await search('회의')).toEqual(['n']);
    expect(await search('50%')).toEqual(['n2']);
    expect(await search('e_c')).toEqual(['snake_case']);
    expect(await search('nothing-like-this')).toEqual([]);
  });
});

describe('export and import', () => {
  it('exports a JSON file and imports it back, one template or an array', async () => {
    const minji = await newUser(ctx.app);
    const t = await minji.data('POST', '/templates', {
      ...invitation,
      category: 'BUSINESS',
      bodyHtml: '<p>{{name}}</p>',
    });
    const res = await minji.call('GET', `/templates/${t.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="template-${t.id}.json"; filename*=UTF-8''${encodeURIComponent('회의 초대')}.json`,
    );
    const file = res.json();
    expect(file).toEqual({
      name: '회의 초대',
      subject: invitation.subject,
      bodyText: invitation.bodyText,
      bodyHtml: '<p>{{name}}</p>',
      category: 'BUSINESS',
      categoryName: '업무',
      variables: '{"date":"","topic":"","name":""}',
      isShared: false,
      isActive: true,
    });

    const jun = await newUser(ctx.app, 'en');
    const one = await jun.call('POST', '/templates/import', file);
    expect(one.statusCode).toBe(201);
    expect(one.json().data).toHaveLength(1);
    expect(one.json().data[0]).toMatchObject({
      name: '회의 초대',
      category: 'BUSINESS',
      categoryName: 'Business',
      ownerId: jun.id,
      usageCount: 0,
      variables: file.variables,
    });
    const project = await jun.data('POST', '/templates/categories', { name: 'Projects' });
    const many = await jun.data('POST', '/templates/import', [
      { ...file, name: 'second', category: null, categoryName: 'projects' },
      { name: 'third', subject: 's', content: 'c {{x}}' },
    ]);
    expect(
      many.map((x: { name: string; categoryId: number; variables: string }) => [
        x.name,
        x.categoryId,
        x.variables,
      ]),
    ).toEqual([
      ['second', project.id, file.variables],
      ['third', one.json().data[0].categoryId - 1, '{"x":""}'],
    ]);
  });

  it.each([
    ['ko', 'hello', '올바른 템플릿 파일이 아닙니다.'],
    ['en', [], 'This is not a valid template file.'],
    [
      'en',
      { name: 'n', subject: 's' },
      'This is not a valid template file. bodyText: Enter the message body.',
    ],
    [
      'en',
      [
        { name: 'ok', subject: 's', bodyText: 'b' },
        { name: 'bad', subject: 's', bodyText: '{{first name}}' },
      ],
      'This is not a valid template file. 1.bodyText: Invalid variable: {{first name}}',
    ],
    ['ko', { subject: 's', bodyText: 'b' }, '올바른 템플릿 파일이 아닙니다. name: 이름을 입력해 주세요.'],
  ] as const)('refuses an invalid file (%s, %j) and says what is wrong', async (lang, body, text) => {
    const user = await newUser(ctx.app, lang);
    const res = await user.call('POST', '/templates/import', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().message).toContain(text);
    expect((await user.data('GET', '/templates/statistics')).totalTemplates).toBe(0);
  });
});

describe('statistics', () => {
  it('counts own templates, usage and categories', async () => {
    const minji = await newUser(ctx.app);
    const a = await minji.data('POST', '/templates', {
      name: 'a',
      subject: 's',
      bodyText: 'b',
      category: 'BUSINESS',
      isShared: true,
    });
    await minji.data('POST', '/templates', { name: 'b', subject: 's', bodyText: 'b', isActive: false });
    await minji.data('POST', '/templates', { name: 'c', subject: 's', bodyText: 'b', categoryId: null });
    for (let n = 0; n < 3; n += 1)
      await minji.data('POST', '/templates/use', { templateId: a.id, variableValues: {} });
    const stats = await minji.data('GET', '/templates/statistics');
    expect(stats).toMatchObject({ totalTemplates: 3, activeTemplates: 2, sharedTemplates: 1, totalUsage: 3 });
    expect(
      stats.byCategory.map((c: { categoryName: string; count: number }) => [c.categoryName, c.count]).sort(),
    ).toEqual([
      ['미분류', 1],
      ['업무', 1],
      ['일반', 1],
    ]);
    expect(stats.mostUsed[0]).toEqual({ id: a.id, name: 'a', usageCount: 3 });
  });
});

describe('sharing (DESIGN.md 8) and privacy', () => {
  it('a shared template is readable and usable by others, but every write is a 404', async () => {
    const minji = await newUser(ctx.app);
    const jun = await newUser(ctx.app);
    const shared = await minji.data('POST', '/templates', { ...invitation, isShared: true });
    expect(await jun.data('GET', `/templates/${shared.id}`)).toMatchObject({ id: shared.id, isOwner: false });
    expect((await jun.data('GET', `/templates/${shared.id}/variables`)).variables).toEqual([
      'date',
      'topic',
      'name',
    ]);
    expect((await jun.call('GET', `/templates/${shared.id}/export`)).statusCode).toBe(200);
    await jun.data('POST', '/templates/use', { templateId: shared.id, variableValues: {} });
    expect((await minji.data('GET', `/templates/${shared.id}`)).usageCount).toBe(1);

    const writes = await Promise.all([
      jun.call('PUT', `/templates/${shared.id}`, { name: 'x', subject: 's', bodyText: 'b' }),
      jun.call('DELETE', `/templates/${shared.id}`),
      jun.call('PATCH', `/templates/${shared.id}/active?isActive=false`),
    ]);
    for (const res of writes) expect([res.statusCode, res.json().code]).toEqual([404, 'TEMPLATE_NOT_FOUND']);
    expect(
      await jun.data('PATCH', '/templates/bulk/active', { templateIds: [shared.id], isActive: false }),
    ).toEqual({ affected: 0 });
    expect(
      await jun.data('PATCH', '/templates/bulk/category', { templateIds: [shared.id], category: 'SYSTEM' }),
    ).toEqual({ affected: 0 });
    expect(await jun.data('DELETE', '/templates/bulk', { templateIds: [shared.id] })).toEqual({
      affected: 0,
    });
    expect(await minji.data('GET', `/templates/${shared.id}`)).toMatchObject({
      name: invitation.name,
      isActive: true,
      category: 'GENERAL',
    });
  });

  it('a private template of another user is a 404 everywhere', async () => {
    const minji = await newUser(ctx.app);
    const jun = await newUser(ctx.app, 'en');
    const secret = await minji.data('POST', '/templates', invitation);
    const calls = await Promise.all([
      jun.call('GET', `/templates/${secret.id}`),
      jun.call('PUT', `/templates/${secret.id}`, { name: 'x', subject: 's', bodyText: 'b' }),
      jun.call('DELETE', `/templates/${secret.id}`),
      jun.call('PATCH', `/templates/${secret.id}/active?isActive=false`),
      jun.call('POST', `/templates/${secret.id}/copy`, {}),
      jun.call('GET', `/templates/${secret.id}/export`),
      jun.call('GET', `/templates/${secret.id}/variables`),
      jun.call('POST', '/templates/use', { templateId: secret.id, variableValues: {} }),
      jun.call('POST', '/templates/apply', { templateId: secret.id, variableValues: {} }),
      jun.call('POST', '/templates/preview', { templateId: secret.id, variableValues: {} }),
    ]);
    for (const res of calls) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'TEMPLATE_NOT_FOUND',
        message: 'Template not found.',
      });
    }
    expect(JSON.stringify(await jun.data('GET', '/templates/popular?limit=50'))).not.toContain(
      `"id":${secret.id},`,
    );
    expect((await minji.data('GET', `/templates/${secret.id}`)).usageCount).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/templates' });
    expect(res.statusCode).toBe(401);
  });
});
