import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';

/**
 * Issue 36: a person's contacts and groups, through the API. Each is the person's own: another
 * person's ids answer 404 as if they did not exist, and bad input is refused in the reader's language.
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

async function created(api: MailApi, url: string, body: unknown) {
  const res = await api.call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

function expectLocalized(
  res: { statusCode: number; json(): { message: string } },
  status: number,
  lang: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toMatch(lang === 'ko' ? /[가-힣]/ : /^[^가-힣]+$/);
}

describe('contacts', () => {
  it('adds, reads, edits, searches and deletes a contact', async () => {
    const made = await created(minji, '/contacts', {
      name: '  이서연 ',
      addresses: ['Seoyeon@Example.com', 'seoyeon@work.example', 'seoyeon@example.com'],
      phone: '010-1234-5678',
      company: '포스트라인',
      note: '',
    });
    expect(made).toMatchObject({
      name: '이서연',
      addresses: ['seoyeon@example.com', 'seoyeon@work.example'],
      phone: '010-1234-5678',
      company: '포스트라인',
      note: null,
      groupIds: [],
    });
    await created(minji, '/contacts', { name: 'Alex Kim', addresses: ['alex@example.com'] });
    expect(await minji.data('GET', `/contacts/${made.id}`)).toEqual(made);

    const edited = await minji.data('PUT', `/contacts/${made.id}`, {
      name: '이서연',
      addresses: ['seoyeon@new.example'],
      company: '포스트라인',
      note: '디자인팀',
    });
    expect(edited).toMatchObject({ addresses: ['seoyeon@new.example'], phone: null, note: '디자인팀' });

    const page = await minji.data('GET', '/contacts?size=1');
    expect(page).toMatchObject({ totalElements: 2, totalPages: 2, size: 1, first: true, last: false });
    expect(page.content[0].name).toBe('Alex Kim');
    for (const q of ['ㅇㅅ', '서연', 'new.example', '포스트']) {
      const found = await minji.data('GET', `/contacts?q=${encodeURIComponent(q)}`);
      expect(
        found.content.map((c: { name: string }) => c.name),
        q,
      ).toEqual(['이서연']);
    }

    expect((await minji.call('DELETE', `/contacts/${made.id}`)).statusCode).toBe(200);
    expect((await minji.call('GET', `/contacts/${made.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another person's contact, and lists only one's own", async () => {
    const mine = await created(minji, '/contacts', { name: '박지훈', addresses: ['jihoon@example.com'] });
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'x', addresses: ['x@example.com'] }],
      ['DELETE', undefined],
    ] as const) {
      for (const lang of ['ko', 'en'] as const) {
        const res = await jun.call(method, `/contacts/${mine.id}`, body, lang);
        expectLocalized(res, 404, lang);
        expect(res.json().message).toBe(lang === 'ko' ? '연락처를 찾을 수 없습니다.' : 'Contact not found.');
      }
    }
    expect((await jun.data('GET', '/contacts')).totalElements).toBe(0);
    expect((await minji.data('GET', `/contacts/${mine.id}`)).name).toBe('박지훈');
  });

  it('refuses a contact without a name or a valid address, in the reader’s language', async () => {
    for (const lang of ['ko', 'en'] as const) {
      for (const body of [
        { name: '', addresses: ['a@example.com'] },
        { name: '이름', addresses: [] },
        { name: '이름', addresses: ['not-an-address'] },
        { name: '이름', addresses: ['a@example.com'], note: 'x'.repeat(2001) },
      ]) {
        const res = await minji.call('POST', '/contacts', body, lang);
        expectLocalized(res, 400, lang);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    }
  });
});

describe('contact groups', () => {
  it('makes a group of two contacts, renames it and changes its members', async () => {
    const a = await created(minji, '/contacts', { name: '최유나', addresses: ['yuna@example.com'] });
    const b = await created(minji, '/contacts', { name: '한도윤', addresses: ['doyoon@example.com'] });
    const group = await created(minji, '/contact-groups', {
      name: '디자인팀',
      memberIds: [a.id, b.id, a.id],
    });
    expect(group).toMatchObject({ name: '디자인팀', memberIds: [a.id, b.id].sort((x, y) => x - y) });
    expect((await minji.data('GET', `/contacts/${a.id}`)).groupIds).toEqual([group.id]);
    const members = await minji.data('GET', `/contacts?groupId=${group.id}`);
    expect(members.content.map((c: { name: string }) => c.name)).toEqual(['최유나', '한도윤']);

    const renamed = await minji.data('PUT', `/contact-groups/${group.id}`, {
      name: 'Design',
      memberIds: [b.id],
    });
    expect(renamed).toMatchObject({ name: 'Design', memberIds: [b.id] });
    const list = await minji.data('GET', '/contact-groups?q=des');
    expect(list.content.map((g: { name: string }) => g.name)).toEqual(['Design']);

    // Deleting a member contact takes it out of the group.
    await minji.call('DELETE', `/contacts/${b.id}`);
    expect((await minji.data('GET', `/contact-groups/${group.id}`)).memberIds).toEqual([]);
  });

  it("keeps groups to one's own: 404 for another's group or contact, 409 for a name taken", async () => {
    const mine = await created(minji, '/contacts', { name: '정하은', addresses: ['haeun@example.com'] });
    const group = await created(minji, '/contact-groups', { name: '동기', memberIds: [mine.id] });
    for (const lang of ['ko', 'en'] as const) {
      expectLocalized(await jun.call('GET', `/contact-groups/${group.id}`, undefined, lang), 404, lang);
      expectLocalized(await jun.call('PUT', `/contact-groups/${group.id}`, { name: 'x' }, lang), 404, lang);
      expectLocalized(await jun.call('DELETE', `/contact-groups/${group.id}`, undefined, lang), 404, lang);
      // Someone else's contact cannot be put in one's own group.
      expectLocalized(
        await jun.call('POST', '/contact-groups', { name: 'Mine', memberIds: [mine.id] }, lang),
        404,
        lang,
      );
      expectLocalized(await minji.call('POST', '/contact-groups', { name: '동기' }, lang), 409, lang);
      expectLocalized(await minji.call('POST', '/contact-groups', { name: ' ' }, lang), 400, lang);
    }
    expect((await jun.data('GET', '/contact-groups')).totalElements).toBe(0);
    expect((await minji.data('GET', `/contact-groups/${group.id}`)).memberIds).toEqual([mine.id]);
  });
});
