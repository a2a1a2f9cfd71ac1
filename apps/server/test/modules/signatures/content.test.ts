import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../helpers/test-app.js';
import { newUser, startApp } from '../templates/http.js';
import { HOSTILE_HTML, inertnessProblems, SIGNATURE_TAGS } from './inert.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startApp();
});
afterAll(async () => ctx.close());

async function create(lang: 'ko' | 'en', body: object) {
  const user = await newUser(ctx.app, lang);
  return user.call('POST', '/signatures', body);
}

describe('validation (SPEC §5) in Korean and English', () => {
  it.each(['<', '>', '"', '/', '\\', '|', '?', '*'])('refuses %s in the name', async (ch) => {
    const ko = await create('ko', { name: `a${ch}b`, content: 'x' });
    expect(ko.statusCode).toBe(400);
    expect(ko.json().errors).toEqual([
      { field: 'name', message: '이름에 < > " / \\ | ? * 문자는 사용할 수 없습니다.' },
    ]);
    const en = await create('en', { name: `a${ch}b`, content: 'x' });
    expect(en.json().errors).toEqual([
      { field: 'name', message: 'The name cannot contain < > " / \\ | ? *.' },
    ]);
  });

  it('requires a name of at most 100 characters', async () => {
    expect((await create('ko', { name: '가'.repeat(100), content: 'x' })).statusCode).toBe(201);
    const long = await create('en', { name: '가'.repeat(101), content: 'x' });
    expect(long.json().errors).toEqual([{ field: 'name', message: 'At most 100 characters.' }]);
    const blank = await create('ko', { name: '  ', content: 'x' });
    expect(blank.json().errors).toEqual([{ field: 'name', message: '서명 이름을 입력해 주세요.' }]);
    const missing = await create('en', { content: 'x' });
    expect(missing.json().errors).toEqual([{ field: 'name', message: 'Enter a signature name.' }]);
  });

  it('counts 2000 characters of plain text, not of HTML', async () => {
    // 2000 visible characters, each in its own <b>: 9000 characters of HTML.
    const html = (n: number) => `<p style="color:#333">${'<b>a</b>'.repeat(n)}</p>`;
    expect(html(2000).length).toBeGreaterThan(2000 * 4);
    const ok = await create('ko', { name: 'long', content: html(2000) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.content).toBe(html(2000));
    const ko = await create('ko', { name: 'long', content: html(2001) });
    expect(ko.json().errors).toEqual([{ field: 'content', message: '최대 2000자까지 입력할 수 있습니다.' }]);
    const en = await create('en', { name: 'long', content: html(2001) });
    expect(en.json().errors).toEqual([{ field: 'content', message: 'At most 2000 characters.' }]);
  });

  it('requires content that shows something once sanitised', async () => {
    const empty = await create('en', { name: 'n', content: '<p> </p>' });
    expect(empty.json().errors).toEqual([{ field: 'content', message: 'Enter the content.' }]);
    // Passes the shared schema (an <img>), but the sanitiser refuses an http image: nothing is left.
    const onlyHttpImage = await create('ko', {
      name: 'n',
      content: '<img src="http://cdn.example.com/a.png">',
    });
    expect(onlyHttpImage.statusCode).toBe(400);
    expect(onlyHttpImage.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: '내용을 입력해 주세요.',
    });
    const image = await create('ko', { name: 'n', content: '<img src="https://cdn.example.com/a.png">' });
    expect(image.json().data.content).toBe('<img src="https://cdn.example.com/a.png" />');
  });
});

describe('sanitising on save', () => {
  it.each(Object.entries(HOSTILE_HTML))('stores %s inert', async (_attack, hostile) => {
    const res = await create('ko', { name: 'n', content: `<p>홍길동</p>${hostile}<p>끝</p>` });
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().data.content as string;
    expect(inertnessProblems(stored, { tags: SIGNATURE_TAGS, imageSchemes: ['https'] })).toEqual([]);
    expect(stored).not.toMatch(
      /<script|<iframe|<svg|<math|<noscript|<base|<meta|<link|<form|<object|<style|javascript:|data:/i,
    );
    expect(stored.startsWith('<p>홍길동</p>')).toBe(true);
  });

  it('stores the same inert content on update, and links open apart from the app', async () => {
    const minji = await newUser(ctx.app);
    const s = await minji.data('POST', '/signatures', { name: 'n', content: 'x' });
    const updated = await minji.data('PUT', `/signatures/${s.id}`, {
      name: 'n',
      content:
        '<a href="https://example.com" onclick="x()">site</a> <img src="http://e.com/a.png"> <span style="color:red;position:fixed">r</span>',
    });
    expect(updated.content).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>  <span style="color:red">r</span>',
    );
  });
});

describe('preview', () => {
  it('fills variables from the request and the account, escapes values, then sanitises', async () => {
    const minji = await newUser(ctx.app, 'ko', '김민지');
    const email = (await minji.data('GET', '/auth/me')).email as string;
    const html = await minji.data('POST', '/signatures/preview', {
      content:
        '<p>{{name}} | {{title}} | <a href="mailto:{{email}}">{{email}}</a> | {{phone}}</p><script>x</script>',
      variables: { title: '<b onmouseover=alert(1)>대표</b>', phone: '' },
    });
    expect(html).toEqual({
      html: `<p>김민지 | &lt;b onmouseover=alert(1)&gt;대표&lt;/b&gt; | <a href="mailto:${email}" target="_blank" rel="noopener noreferrer">${email}</a> | {{phone}}</p>`,
    });
    const override = await minji.data('POST', '/signatures/preview', {
      content: '{{name}}',
      variables: { name: '민지' },
    });
    expect(override.html).toBe('민지');
  });
});

describe('signature templates', () => {
  it('lists the built-in ones with their variables, filtered by category', async () => {
    const ko = await newUser(ctx.app, 'ko');
    const all = await ko.data('GET', '/signatures/templates');
    expect(all.map((t: { category: string }) => t.category)).toEqual([
      'business',
      'simple',
      'logo',
      'formal',
    ]);
    const formal = all.find((t: { category: string }) => t.category === 'formal');
    expect(formal.content).toContain('{{name}} 드림');
    expect(formal.variables).toEqual(expect.arrayContaining(['name', 'company', 'title', 'phone', 'email']));
    const logo = await ko.data('GET', '/signatures/templates?category=LOGO');
    expect(logo).toHaveLength(1);
    expect(logo[0].variables).toContain('logoUrl');
    const en = await newUser(ctx.app, 'en');
    expect((await en.data('GET', '/signatures/templates?category=business'))[0].name).toBe('Business card');
  });

  it('creates a signature from a template, sanitised, with the logo as its image when https', async () => {
    const minji = await newUser(ctx.app, 'ko', '김민지');
    const logo = await minji.data('POST', '/signatures/templates/3/create', {
      name: '로고 서명',
      variables: { logoUrl: 'https://cdn.example.com/logo.png', company: '포스트라인', title: '대표' },
    });
    expect(logo).toMatchObject({
      name: '로고 서명',
      signatureType: 'BUSINESS',
      includeImage: true,
      imageUrl: 'https://cdn.example.com/logo.png',
      isDefault: false,
    });
    expect(logo.content).toContain(
      '<img alt="포스트라인" width="80" height="80" src="https://cdn.example.com/logo.png" />',
    );
    expect(logo.content).toContain('<strong>김민지</strong>');

    const insecure = await minji.data('POST', '/signatures/templates/3/create', {
      name: 'http 로고',
      variables: { logoUrl: 'http://cdn.example.com/logo.png' },
    });
    expect(insecure).toMatchObject({ includeImage: false, imageUrl: null });
    expect(insecure.content).not.toContain('<img');

    const formal = await minji.data('POST', '/signatures/templates/4/create', {
      name: '격식',
      variables: {},
    });
    expect(formal.content).toContain('<p>김민지 드림</p>');
    const missing = await minji.call('POST', '/signatures/templates/99/create', { name: 'x', variables: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('SIGNATURE_NOT_FOUND');
    const badName = await minji.call('POST', '/signatures/templates/1/create', {
      name: 'a*b',
      variables: {},
    });
    expect(badName.statusCode).toBe(400);
  });
});
