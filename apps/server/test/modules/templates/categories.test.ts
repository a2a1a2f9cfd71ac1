import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../helpers/test-app.js';
import { newUser, startApp, type Caller } from './http.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startApp();
});
afterAll(async () => ctx.close());

interface Category {
  id: number;
  name: string;
  code: string | null;
  color: string;
  templateCount: number;
}

async function counts(user: Caller): Promise<Record<string, number>> {
  const list: Category[] = await user.data('GET', '/templates/categories');
  return Object.fromEntries(list.map((c) => [c.code ?? c.name, c.templateCount]));
}

/** The count by COUNT(*), to prove the stored templateCount is right. */
async function countedInDatabase(userId: number): Promise<Record<string, number>> {
  const result = await ctx.db.database.db.execute(sql`
    SELECT coalesce(c.code, c.name) AS key, count(t.id)::int AS n
    FROM template_categories c LEFT JOIN templates t ON t.category_id = c.id
    WHERE c.user_id = ${userId} GROUP BY c.id`);
  const rows = (result as unknown as { rows: { key: string; n: number }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
}

describe('default categories', () => {
  it('every new user has general, business, personal and system, named in their language', async () => {
    const ko = await newUser(ctx.app, 'ko');
    const en = await newUser(ctx.app, 'en');
    const koList: Category[] = await ko.data('GET', '/templates/categories');
    expect(koList.map((c) => [c.code, c.name, c.color, c.templateCount])).toEqual([
      ['GENERAL', '일반', '#3B82F6', 0],
      ['BUSINESS', '업무', '#3B82F6', 0],
      ['PERSONAL', '개인', '#3B82F6', 0],
      ['SYSTEM', '시스템', '#3B82F6', 0],
    ]);
    const enList: Category[] = await en.data('GET', '/templates/categories');
    expect(enList.map((c) => c.name)).toEqual(['General', 'Business', 'Personal', 'System']);
  });

  it('cannot be deleted, but can be renamed and recoloured', async () => {
    const minji = await newUser(ctx.app);
    const [general] = (await minji.data('GET', '/templates/categories')) as Category[];
    const res = await minji.call('DELETE', `/templates/categories/${general!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('기본 카테고리는 삭제할 수 없습니다.');
    const renamed = await minji.data('PUT', `/templates/categories/${general!.id}`, {
      name: '기본',
      color: '#EF4444',
    });
    expect(renamed).toMatchObject({ name: '기본', color: '#EF4444', code: 'GENERAL' });
  });
});

describe('custom categories', () => {
  it('are created with the default colour, listed after the built-in ones, and names are unique', async () => {
    const minji = await newUser(ctx.app);
    const created = await minji.data('POST', '/templates/categories', {
      name: '프로젝트',
      description: '  설명  ',
    });
    expect(created).toMatchObject({
      name: '프로젝트',
      description: '설명',
      color: '#3B82F6',
      templateCount: 0,
      code: null,
    });
    const list: Category[] = await minji.data('GET', '/templates/categories');
    expect(list.map((c) => c.name)).toEqual(['일반', '업무', '개인', '시스템', '프로젝트']);
    const dup = await minji.call('POST', '/templates/categories', { name: '프로젝트' });
    expect(dup.statusCode).toBe(409);
    const empty = await minji.call('POST', '/templates/categories', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'name', message: '이름을 입력해 주세요.' }]);
    const colour = await minji.call('POST', '/templates/categories', { name: 'x', color: 'red' });
    expect(colour.json().errors[0]).toMatchObject({ field: 'color' });
  });

  it('deleting one moves its templates to general, keeping every count right', async () => {
    const minji = await newUser(ctx.app);
    const project = await minji.data('POST', '/templates/categories', { name: '프로젝트' });
    await minji.data('POST', '/templates', {
      name: 'a',
      subject: 's',
      bodyText: 'b',
      categoryId: project.id,
    });
    await minji.data('POST', '/templates', {
      name: 'b',
      subject: 's',
      bodyText: 'b',
      categoryId: project.id,
    });
    await minji.data('POST', '/templates', { name: 'c', subject: 's', bodyText: 'b' });
    expect(await counts(minji)).toMatchObject({ GENERAL: 1, 프로젝트: 2 });
    await minji.data('DELETE', `/templates/categories/${project.id}`);
    expect(await counts(minji)).toEqual({ GENERAL: 3, BUSINESS: 0, PERSONAL: 0, SYSTEM: 0 });
    expect(await countedInDatabase(minji.id)).toEqual(await counts(minji));
  });

  it('lists the templates of one category', async () => {
    const minji = await newUser(ctx.app);
    const project = await minji.data('POST', '/templates/categories', { name: 'P' });
    await minji.data('POST', '/templates', {
      name: 'in',
      subject: 's',
      bodyText: 'b',
      categoryId: project.id,
    });
    await minji.data('POST', '/templates', { name: 'out', subject: 's', bodyText: 'b' });
    const page = await minji.data('GET', `/templates/categories/${project.id}/templates`);
    expect(page.content.map((t: { name: string }) => t.name)).toEqual(['in']);
    expect(page.totalElements).toBe(1);
  });
});

describe('templateCount', () => {
  it('follows create, delete, move, bulk move and bulk delete', async () => {
    const minji = await newUser(ctx.app);
    const ids: number[] = [];
    for (const category of ['BUSINESS', 'BUSINESS', 'PERSONAL', 'GENERAL']) {
      ids.push(
        (await minji.data('POST', '/templates', { name: 'n', subject: 's', bodyText: 'b', category })).id,
      );
    }
    expect(await counts(minji)).toEqual({ GENERAL: 1, BUSINESS: 2, PERSONAL: 1, SYSTEM: 0 });

    await minji.data('PUT', `/templates/${ids[0]}`, {
      name: 'n',
      subject: 's',
      bodyText: 'b',
      category: 'SYSTEM',
    });
    expect(await counts(minji)).toEqual({ GENERAL: 1, BUSINESS: 1, PERSONAL: 1, SYSTEM: 1 });

    // An edit that does not name a category leaves it where it is.
    await minji.data('PUT', `/templates/${ids[0]}`, { name: 'renamed', subject: 's', bodyText: 'b' });
    expect(await counts(minji)).toEqual({ GENERAL: 1, BUSINESS: 1, PERSONAL: 1, SYSTEM: 1 });

    expect(
      await minji.data('PATCH', '/templates/bulk/category', { templateIds: ids, category: 'PERSONAL' }),
    ).toEqual({ affected: 4 });
    expect(await counts(minji)).toEqual({ GENERAL: 0, BUSINESS: 0, PERSONAL: 4, SYSTEM: 0 });

    const project = await minji.data('POST', '/templates/categories', { name: 'P' });
    await minji.data('PATCH', '/templates/bulk/category', {
      templateIds: [ids[0], ids[1]],
      categoryId: project.id,
    });
    expect(await counts(minji)).toEqual({ GENERAL: 0, BUSINESS: 0, PERSONAL: 2, SYSTEM: 0, P: 2 });

    await minji.data('PATCH', '/templates/bulk/category', { templateIds: [ids[2]], categoryId: null });
    expect(await counts(minji)).toEqual({ GENERAL: 0, BUSINESS: 0, PERSONAL: 1, SYSTEM: 0, P: 2 });

    await minji.data('DELETE', `/templates/${ids[0]}`);
    await minji.data('DELETE', '/templates/bulk', { templateIds: [ids[3]] });
    expect(await counts(minji)).toEqual({ GENERAL: 0, BUSINESS: 0, PERSONAL: 0, SYSTEM: 0, P: 1 });
    expect(await countedInDatabase(minji.id)).toEqual(await counts(minji));
  });

  it('stays right under concurrent creates and copies', async () => {
    const minji = await newUser(ctx.app);
    const first = await minji.data('POST', '/templates', {
      name: 'n',
      subject: 's',
      bodyText: 'b',
      category: 'BUSINESS',
    });
    await Promise.all([
      ...Array.from({ length: 6 }, () =>
        minji.data('POST', '/templates', { name: 'n', subject: 's', bodyText: 'b', category: 'BUSINESS' }),
      ),
      ...Array.from({ length: 3 }, () => minji.data('POST', `/templates/${first.id}/copy`)),
    ]);
    expect((await counts(minji)).BUSINESS).toBe(10);
    expect(await countedInDatabase(minji.id)).toEqual(await counts(minji));
  });
});

describe("another user's categories", () => {
  it('are a 404 for every call, and cannot receive templates', async () => {
    const minji = await newUser(ctx.app);
    const jun = await newUser(ctx.app);
    const juns = await jun.data('POST', '/templates/categories', { name: 'Jun only' });
    const mine = await minji.data('POST', '/templates', { name: 'n', subject: 's', bodyText: 'b' });
    const calls = [
      minji.call('PUT', `/templates/categories/${juns.id}`, { name: 'taken' }),
      minji.call('DELETE', `/templates/categories/${juns.id}`),
      minji.call('GET', `/templates/categories/${juns.id}/templates`),
      minji.call('POST', '/templates', { name: 'n', subject: 's', bodyText: 'b', categoryId: juns.id }),
      minji.call('PUT', `/templates/${mine.id}`, {
        name: 'n',
        subject: 's',
        bodyText: 'b',
        categoryId: juns.id,
      }),
      minji.call('PATCH', '/templates/bulk/category', { templateIds: [mine.id], categoryId: juns.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: '카테고리를 찾을 수 없습니다.',
      });
    }
    expect(
      (await jun.data('GET', '/templates/categories')).find((c: Category) => c.id === juns.id),
    ).toMatchObject({ name: 'Jun only', templateCount: 0 });
  });
});
