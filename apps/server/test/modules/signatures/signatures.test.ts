// Over 300 lines on purpose: the signatures API's create, read, update, default and delete over one
// server, read as the API's one specification.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../helpers/test-app.js';
import { newUser, startApp, type Caller } from '../templates/http.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startApp();
});
afterAll(async () => ctx.close());

const business = {
  name: '업무용',
  content: '<p><strong>김민지</strong><br>대표</p>',
  signatureType: 'BUSINESS',
};
const personal = { name: '개인용', content: '<p>민지 드림</p>' };

async function defaults(user: Caller): Promise<number[]> {
  const page = await user.data('GET', '/signatures?size=100');
  return page.content.filter((s: { isDefault: boolean }) => s.isDefault).map((s: { id: number }) => s.id);
}

describe('creating and reading signatures', () => {
  it('creates with SPEC defaults and the type description in the request language', async () => {
    const ko = await newUser(ctx.app, 'ko');
    const created = await ko.data('POST', '/signatures', personal);
    expect(created).toMatchObject({
      name: '개인용',
      content: '<p>민지 드림</p>',
      isDefault: false,
      isActive: true,
      signatureType: 'PERSONAL',
      signatureTypeDescription: '개인',
      includeImage: false,
      imageUrl: null,
    });
    const en = await ko.call('GET', `/signatures/${created.id}`);
    expect(en.json().data).toEqual(created);
    const english = await newUser(ctx.app, 'en');
    expect((await english.data('POST', '/signatures', business)).signatureTypeDescription).toBe('Business');
  });

  it('lists newest first, paged, with an isActive filter; by type in both readings', async () => {
    const minji = await newUser(ctx.app);
    const a = await minji.data('POST', '/signatures', business);
    const b = await minji.data('POST', '/signatures', { ...personal, isActive: false });
    const c = await minji.data('POST', '/signatures', personal);
    const page = await minji.data('GET', '/signatures');
    expect(page).toMatchObject({ number: 0, size: 20, totalElements: 3, totalPages: 1 });
    expect(page.content.map((s: { id: number }) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(
      (await minji.data('GET', '/signatures?isActive=false')).content.map((s: { id: number }) => s.id),
    ).toEqual([b.id]);
    expect(
      (await minji.data('GET', '/signatures?page=1&size=2')).content.map((s: { id: number }) => s.id),
    ).toEqual([a.id]);
    expect((await minji.data('GET', '/signatures/type/BUSINESS')).map((s: { id: number }) => s.id)).toEqual([
      a.id,
    ]);
    expect((await minji.data('GET', '/signatures/type/personal')).map((s: { id: number }) => s.id)).toEqual([
      c.id,
      b.id,
    ]);
    expect((await minji.call('GET', '/signatures/type/OTHER')).statusCode).toBe(400);
  });

  it('keeps an https image URL only when includeImage is on', async () => {
    const minji = await newUser(ctx.app);
    const withImage = await minji.data('POST', '/signatures', {
      ...business,
      includeImage: true,
      imageUrl: 'https://cdn.example.com/logo.png',
    });
    expect(withImage).toMatchObject({ includeImage: true, imageUrl: 'https://cdn.example.com/logo.png' });
    const http = await minji.call('POST', '/signatures', {
      ...business,
      includeImage: true,
      imageUrl: 'http://cdn.example.com/logo.png',
    });
    expect(http.statusCode).toBe(400);
    expect(http.json().errors).toEqual([
      { field: 'imageUrl', message: '이미지 주소는 https:// 로 시작하는 URL이어야 합니다.' },
    ]);
    const off = await minji.data('POST', '/signatures', {
      ...business,
      includeImage: false,
      imageUrl: 'https://cdn.example.com/logo.png',
    });
    expect(off.imageUrl).toBeNull();
  });

  it('updates; edits without isDefault or isActive keep them', async () => {
    const minji = await newUser(ctx.app);
    const s = await minji.data('POST', '/signatures', { ...business, isDefault: true });
    const edited = await minji.data('PUT', `/signatures/${s.id}`, {
      name: '새 이름',
      content: '<em>새 내용</em>',
      signatureType: 'PERSONAL',
    });
    expect(edited).toMatchObject({
      name: '새 이름',
      content: '<em>새 내용</em>',
      signatureType: 'PERSONAL',
      isDefault: true,
      isActive: true,
    });
    const off = await minji.data('PUT', `/signatures/${s.id}`, { ...business, isActive: false });
    expect(off).toMatchObject({ isActive: false, isDefault: false });
    const back = await minji.data('PUT', `/signatures/${s.id}`, { ...business, isDefault: true });
    expect(back).toMatchObject({ isActive: true, isDefault: true });
  });

  it('deletes singly and in bulk', async () => {
    const minji = await newUser(ctx.app);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await minji.data('POST', '/signatures', personal)).id);
    expect(await minji.data('DELETE', `/signatures/${ids[0]}`)).toBeNull();
    expect((await minji.call('GET', `/signatures/${ids[0]}`)).statusCode).toBe(404);
    expect(
      await minji.data('DELETE', '/signatures/bulk', { signatureIds: [ids[1], ids[2], ids[0]] }),
    ).toEqual({ affected: 2 });
    expect((await minji.data('GET', '/signatures')).totalElements).toBe(0);
  });
});

describe('the default signature', () => {
  it('is a 404 until one is set; both readings of set-default make only that one default', async () => {
    const minji = await newUser(ctx.app);
    const none = await minji.call('GET', '/signatures/default');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      success: false,
      code: 'SIGNATURE_NOT_FOUND',
      message: '서명을 찾을 수 없습니다.',
    });

    const a = await minji.data('POST', '/signatures', { ...business, isDefault: true });
    const b = await minji.data('POST', '/signatures', personal);
    expect((await minji.data('GET', '/signatures/default')).id).toBe(a.id);
    expect(await minji.data('PATCH', `/signatures/${b.id}/default`)).toMatchObject({
      id: b.id,
      isDefault: true,
    });
    expect(await defaults(minji)).toEqual([b.id]);
    expect(await minji.data('POST', `/signatures/${a.id}/set-default`)).toMatchObject({
      id: a.id,
      isDefault: true,
    });
    expect(await defaults(minji)).toEqual([a.id]);
    const c = await minji.data('POST', '/signatures', { ...personal, isDefault: true });
    expect(await defaults(minji)).toEqual([c.id]);
  });

  it('is also a page of one with isDefault=true, and an empty page (not an error) while there is none', async () => {
    const minji = await newUser(ctx.app);
    const none = await minji.call('GET', '/signatures?isDefault=true&size=1');
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ content: [], totalElements: 0 });
    await minji.data('POST', '/signatures', personal);
    const b = await minji.data('POST', '/signatures', { ...business, isDefault: true });
    const one = await minji.data('GET', '/signatures?isDefault=true&size=1');
    expect(one.content.map((s: { id: number }) => s.id)).toEqual([b.id]);
    expect(one.totalElements).toBe(1);
    expect((await minji.data('GET', '/signatures?isDefault=false')).totalElements).toBe(1);
  });

  it('switching the default off (or deleting it) leaves none, and setting an inactive one activates it', async () => {
    const minji = await newUser(ctx.app);
    const a = await minji.data('POST', '/signatures', { ...business, isDefault: true });
    expect(await minji.data('PATCH', `/signatures/${a.id}/active?isActive=false`)).toMatchObject({
      isActive: false,
      isDefault: false,
    });
    expect((await minji.call('GET', '/signatures/default')).statusCode).toBe(404);
    expect(await minji.data('POST', `/signatures/${a.id}/set-default`)).toMatchObject({
      isActive: true,
      isDefault: true,
    });
    await minji.data('DELETE', `/signatures/${a.id}`);
    expect((await minji.call('GET', '/signatures/default')).statusCode).toBe(404);
  });

  it('stays one under concurrent set-default calls', async () => {
    const minji = await newUser(ctx.app);
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1)
      ids.push((await minji.data('POST', '/signatures', { ...personal, isDefault: i === 0 })).id);
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all([
        ...ids.map((id) => minji.call('PATCH', `/signatures/${id}/default`)),
        ...ids.map((id) => minji.call('POST', `/signatures/${id}/set-default`)),
        minji.call('POST', '/signatures', { ...personal, isDefault: true }),
      ]);
      for (const res of results) expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await defaults(minji)).toHaveLength(1);
    }
  });

  it('is enforced by the database: a second default row cannot be written', async () => {
    const minji = await newUser(ctx.app);
    await minji.data('POST', '/signatures', { ...personal, isDefault: true });
    const other = await minji.data('POST', '/signatures', business);
    const db = ctx.db.database.db;
    await expect(
      db.execute(
        sql`INSERT INTO signatures (user_id, name, content, is_default) VALUES (${minji.id}, 'raw', 'raw', true)`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE signatures SET is_default = true WHERE id = ${other.id}`),
    ).rejects.toThrow();
    expect(await defaults(minji)).toHaveLength(1);
  });
});

describe('active flag, copies and statistics', () => {
  it('toggles active singly and in bulk, own signatures only', async () => {
    const minji = await newUser(ctx.app);
    const jun = await newUser(ctx.app);
    const a = await minji.data('POST', '/signatures', personal);
    const b = await minji.data('POST', '/signatures', personal);
    const juns = await jun.data('POST', '/signatures', personal);
    expect(
      await minji.data('PATCH', '/signatures/bulk/active', {
        signatureIds: [a.id, b.id, juns.id],
        isActive: false,
      }),
    ).toEqual({ affected: 2 });
    expect((await jun.data('GET', `/signatures/${juns.id}`)).isActive).toBe(true);
    expect((await minji.data('PATCH', `/signatures/${a.id}/active?isActive=true`)).isActive).toBe(true);
    const missing = await minji.call('PATCH', '/signatures/bulk/active', {
      signatureIds: [],
      isActive: true,
    });
    expect(missing.json().errors).toEqual([{ field: 'signatureIds', message: '하나 이상 선택해 주세요.' }]);
  });

  it('copy and duplicate make a non-default copy named in the user language, within 100 characters', async () => {
    const ko = await newUser(ctx.app, 'ko');
    const s = await ko.data('POST', '/signatures', {
      ...business,
      isDefault: true,
      includeImage: true,
      imageUrl: 'https://cdn.example.com/l.png',
    });
    const copy = await ko.data('POST', `/signatures/${s.id}/copy`, {});
    expect(copy).toMatchObject({
      name: '업무용 (사본)',
      content: s.content,
      isDefault: false,
      includeImage: true,
      imageUrl: s.imageUrl,
      signatureType: 'BUSINESS',
    });
    const dup = await ko.data('POST', `/signatures/${s.id}/duplicate`, { name: '  ' });
    expect(dup.name).toBe('업무용 (사본)');
    const named = await ko.data('POST', `/signatures/${s.id}/duplicate`, { name: '다른 이름' });
    expect(named.name).toBe('다른 이름');
    expect((await ko.call('POST', `/signatures/${s.id}/copy`, { name: 'a/b' })).statusCode).toBe(400);
    const long = await ko.data('POST', '/signatures', { ...personal, name: 'x'.repeat(100) });
    const longCopy = await ko.data('POST', `/signatures/${long.id}/duplicate`);
    expect(longCopy.name).toBe(`${'x'.repeat(95)} (사본)`);
    expect(longCopy.name).toHaveLength(100);
    expect(await defaults(ko)).toEqual([s.id]);
    const en = await newUser(ctx.app, 'en');
    const enSig = await en.data('POST', '/signatures', personal);
    expect((await en.data('POST', `/signatures/${enSig.id}/copy`, {})).name).toBe('개인용 (copy)');
  });

  it('statistics count by type, activity and default', async () => {
    const minji = await newUser(ctx.app);
    expect(await minji.data('GET', '/signatures/statistics')).toEqual({
      totalSignatures: 0,
      activeSignatures: 0,
      personalCount: 0,
      businessCount: 0,
      hasDefault: false,
    });
    await minji.data('POST', '/signatures', { ...business, isDefault: true });
    await minji.data('POST', '/signatures', { ...personal, isActive: false });
    await minji.data('POST', '/signatures', personal);
    expect(await minji.data('GET', '/signatures/statistics')).toEqual({
      totalSignatures: 3,
      activeSignatures: 2,
      personalCount: 2,
      businessCount: 1,
      hasDefault: true,
    });
  });
});

describe("another user's signature", () => {
  it('is a 404 SIGNATURE_NOT_FOUND for every call and is left untouched', async () => {
    const minji = await newUser(ctx.app);
    const jun = await newUser(ctx.app, 'en');
    const s = await minji.data('POST', '/signatures', { ...business, isDefault: true });
    const calls = await Promise.all([
      jun.call('GET', `/signatures/${s.id}`),
      jun.call('PUT', `/signatures/${s.id}`, personal),
      jun.call('DELETE', `/signatures/${s.id}`),
      jun.call('PATCH', `/signatures/${s.id}/default`),
      jun.call('POST', `/signatures/${s.id}/set-default`),
      jun.call('PATCH', `/signatures/${s.id}/active?isActive=false`),
      jun.call('POST', `/signatures/${s.id}/copy`, {}),
      jun.call('POST', `/signatures/${s.id}/duplicate`, {}),
      jun.call('GET', '/signatures/default'),
    ]);
    for (const res of calls) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'SIGNATURE_NOT_FOUND',
        message: 'Signature not found.',
      });
    }
    expect(await jun.data('DELETE', '/signatures/bulk', { signatureIds: [s.id] })).toEqual({ affected: 0 });
    expect((await jun.data('GET', '/signatures')).totalElements).toBe(0);
    expect(await minji.data('GET', `/signatures/${s.id}`)).toMatchObject({
      name: business.name,
      isDefault: true,
      isActive: true,
    });
  });
});
