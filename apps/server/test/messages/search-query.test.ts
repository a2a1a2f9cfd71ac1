import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';
import { fillSearchVectors } from '../../src/modules/messages/search-backfill.js';
import { foldChar, gramsOf } from '../../src/mail/search-vector.js';
import { mailApi, MailBySubject, uploadFile, type MailApi } from './mail-api.js';

/** GET /messages/search?q=: the search box in Gmail's syntax (issue 14). */

interface Page {
  content: Array<{ id: number; subject: string; mailboxType: string }>;
  totalElements: number;
}

let ctx: TestContext;
let jun: MailApi;
let sora: MailApi;
let sent: MailBySubject;
let junSigned: SignedIn;

const find = (api: MailApi, q: string, extra = '') =>
  api.data<Page>('GET', `/messages/search?size=100&q=${encodeURIComponent(q)}${extra}`);
const subjects = async (api: MailApi, q: string, extra = '') =>
  (await find(api, q, extra)).content.map((m) => m.subject).sort();

beforeAll(async () => {
  ctx = await createTestApp();
  junSigned = await signIn(ctx.app, 'jun@example.com', 'Jun');
  jun = mailApi(ctx, junSigned);
  sent = new MailBySubject(ctx, jun, 'jun@example.com', '/messages/search?q=in%3Aanywhere&size=100');
  sora = mailApi(ctx, await signIn(ctx.app, 'sora@example.com', 'Sora'));
  const minji = await signIn(ctx.app, 'minji@example.com', '김민지');
  const bob = await signIn(ctx.app, 'bob@example.com', 'Bob Lee');
  const chris = await signIn(ctx.app, 'chris@example.com', 'Chris Kim');

  await sent.deliver(minji, '주간 회의 안내', 'agenda for the week', {
    ccAddresses: ['sora@example.com'],
    attachmentIds: [await uploadFile(ctx, minji, 'agenda.txt', 'agenda')],
  });
  await sent.deliver(bob, 'Lunch plan', '내일 점심에 회의실 앞에서 만나요. Q3 숫자는 42');
  await sent.deliver(chris, 'Quarterly REPORT', 'the numbers are inside; 견적 첨부합니다', {
    attachmentIds: [await uploadFile(ctx, chris, 'budget-2026.txt', 'x'.repeat(30_000))],
  });
  await sent.deliver(minji, '견적서 요청', '돈 문제로 견적 금액을 알려 주세요');
  await sent.deliver(minji, '회의 취소', '오늘 회의는 취소합니다');
  await jun.data('DELETE', `/messages/${sent.ids['회의 취소']}`);
  await jun.data('PATCH', `/messages/${sent.ids['Lunch plan']}/read?isRead=true`);
  await jun.data('PATCH', `/messages/${sent.ids['Quarterly REPORT']}/star?isStarred=true`);
  const folder = await jun.data<{ id: number }>('POST', '/mailboxes', { name: 'Projects' });
  await jun.data('PATCH', `/messages/${sent.ids['견적서 요청']}/move?targetMailboxId=${folder.id}`);
  await sent.receivedAt('주간 회의 안내', new Date(2024, 2, 10, 10, 0));
  await sent.receivedAt('Lunch plan', new Date(2024, 2, 11, 23, 30));
  await sent.receivedAt('Quarterly REPORT', new Date(2024, 2, 12, 0, 10));
  await sent.receivedAt('견적서 요청', new Date(2024, 2, 13, 9, 0));
  // Jun's own sent mail, with a Bcc only his copy knows.
  await jun.data('POST', '/messages', {
    toAddresses: ['bob@example.com'],
    bccAddresses: ['chris@example.com'],
    subject: '출장 일정',
    bodyText: '다음 주 부산 출장',
  });
});
afterAll(async () => ctx.close());

describe('GET /messages/search?q= words', () => {
  it('finds a two-syllable Korean word inside longer words, outside the trash', async () => {
    expect(await subjects(jun, '회의')).toEqual(['Lunch plan', '주간 회의 안내']);
    expect(await subjects(jun, '견적')).toEqual(['Quarterly REPORT', '견적서 요청']);
  });

  it('finds a one-syllable Korean word', async () => {
    expect(await subjects(jun, '돈')).toEqual(['견적서 요청']);
  });

  it('finds short Latin words and numbers, ignoring case', async () => {
    expect(await subjects(jun, 'q3')).toEqual(['Lunch plan']);
    expect(await subjects(jun, '42')).toEqual(['Lunch plan']);
    expect(await subjects(jun, 'REPORT')).toEqual(['Quarterly REPORT']);
  });

  it('needs every word, in any order and any field', async () => {
    expect(await subjects(jun, '회의 agenda')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, 'agenda 회의실')).toEqual([]);
  });

  it('takes a quoted phrase as it is written', async () => {
    expect(await subjects(jun, '"주간 회의"')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, '"회의 주간"')).toEqual([]);
  });

  it('leaves out mail with an excluded word', async () => {
    expect(await subjects(jun, '회의 -점심')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, '견적 -subject:견적')).toEqual(['Quarterly REPORT']);
  });

  it('takes either word around OR, and groups', async () => {
    expect(await subjects(jun, '점심 OR 돈')).toEqual(['Lunch plan', '견적서 요청']);
    expect(await subjects(jun, 'from:(bob OR chris) 견적')).toEqual(['Quarterly REPORT']);
    expect(await subjects(jun, '{agenda 돈}')).toEqual(['견적서 요청', '주간 회의 안내']);
  });
});

describe('GET /messages/search?q= operators', () => {
  it('from:, to:, cc: and bcc: look at the addresses and names', async () => {
    expect(await subjects(jun, 'from:김민지')).toEqual(['주간 회의 안내', '견적서 요청'].sort());
    expect(await subjects(jun, 'from:bob@example')).toEqual(['Lunch plan']);
    expect(await subjects(jun, 'cc:sora')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, 'to:sora')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, 'bcc:chris')).toEqual(['출장 일정']);
    expect(await subjects(jun, 'cc:chris')).toEqual([]);
  });

  it('subject: looks at the subject only', async () => {
    expect(await subjects(jun, 'subject:회의')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, 'subject:"lunch plan"')).toEqual(['Lunch plan']);
  });

  it('has:attachment and filename:', async () => {
    expect(await subjects(jun, 'has:attachment')).toEqual(['Quarterly REPORT', '주간 회의 안내']);
    expect(await subjects(jun, 'filename:agenda')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, 'filename:budget')).toEqual(['Quarterly REPORT']);
    expect(await subjects(jun, 'has:attachment -filename:budget')).toEqual(['주간 회의 안내']);
  });

  it('is:unread, is:read and is:starred', async () => {
    expect(await subjects(jun, 'is:read -in:sent')).toEqual(['Lunch plan']);
    expect(await subjects(jun, 'is:unread 회의')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, 'is:starred')).toEqual(['Quarterly REPORT']);
  });

  it('in: a system folder, a folder of the user by name, anywhere, or one that does not exist', async () => {
    expect(await subjects(jun, 'in:trash')).toEqual(['회의 취소']);
    expect(await subjects(jun, 'in:anywhere 회의')).toEqual(['Lunch plan', '주간 회의 안내', '회의 취소']);
    expect(await subjects(jun, 'in:sent')).toEqual(['출장 일정']);
    expect(await subjects(jun, 'in:projects')).toEqual(['견적서 요청']);
    expect(await subjects(jun, 'in:inbox 견적')).toEqual(['Quarterly REPORT']);
    expect(await subjects(jun, 'in:starred')).toEqual(['Quarterly REPORT']);
    expect(await find(jun, 'in:nowhere')).toMatchObject({ totalElements: 0, content: [] });
  });

  it('after: is from the start of that day, before: until its start', async () => {
    expect(await subjects(jun, 'after:2024-03-11 before:2024-03-13')).toEqual([
      'Lunch plan',
      'Quarterly REPORT',
    ]);
    expect(await subjects(jun, 'before:2024/03/11')).toEqual(['주간 회의 안내']);
  });

  it('larger: and smaller: compare sizes', async () => {
    expect(await subjects(jun, 'larger:20K')).toEqual(['Quarterly REPORT']);
    expect(await subjects(jun, 'smaller:20K from:chris')).toEqual([]);
    expect(await subjects(jun, 'smaller:1M from:chris')).toEqual(['Quarterly REPORT']);
    expect(await subjects(jun, 'larger:1M')).toEqual([]);
  });

  it('ANDs the query with the advanced fields', async () => {
    expect(await subjects(jun, '회의', '&isUnread=true')).toEqual(['주간 회의 안내']);
    expect(await subjects(jun, '회의', `&mailboxType=TRASH`)).toEqual(['회의 취소']);
    expect(await subjects(jun, '견적', '&keyword=inside')).toEqual(['Quarterly REPORT']);
  });
});

describe('GET /messages/search?q= refusals and privacy', () => {
  it('answers a malformed query with a translated 400', async () => {
    const en = await jun.call('GET', `/messages/search?q=${encodeURIComponent('"회의')}`, undefined, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('A quote is not closed: "회의');
    const ko = await jun.call('GET', `/messages/search?q=${encodeURIComponent('"회의')}`, undefined, 'ko');
    expect(ko.statusCode).toBe(400);
    expect(ko.json().message).toContain('따옴표가 닫히지 않았습니다');
    const date = await jun.call('GET', '/messages/search?q=after%3A2024-13-01', undefined, 'en');
    expect(date.statusCode).toBe(400);
    expect(date.json().message).toContain('This date cannot be read: 2024-13-01');
    const dateKo = await jun.call('GET', '/messages/search?q=after%3A2024-13-01', undefined, 'ko');
    expect(dateKo.json().message).toContain('날짜를 읽을 수 없습니다');
  });

  it('answers every kind of malformed query with a 400 in the user’s language, never a 500', async () => {
    const cases: Array<[query: string, en: string, ko: string]> = [
      ['(회의', 'A bracket has no partner: (', '괄호의 짝이 맞지 않습니다: ('],
      ['회의)', 'A bracket has no partner: )', '괄호의 짝이 맞지 않습니다: )'],
      ['from:', 'Something to search for is missing after from:', '검색할 값이 빠졌습니다: from:'],
      ['회의 OR', 'Something to search for is missing after OR', '검색할 값이 빠졌습니다: OR'],
      ['before:2024-02-30', 'This date cannot be read: 2024-02-30', '날짜를 읽을 수 없습니다: 2024-02-30'],
      ['larger:5Q', 'This size cannot be read: 5Q', '크기를 읽을 수 없습니다: 5Q'],
      ['has:nothing', 'Unknown search condition: has:nothing', '알 수 없는 검색 조건입니다: has:nothing'],
      [
        'label:work',
        'This search operator is not supported: label:work',
        '지원하지 않는 검색 연산자입니다: label:work',
      ],
    ];
    for (const [query, en, ko] of cases) {
      const path = `/messages/search?q=${encodeURIComponent(query)}`;
      const inEnglish = await jun.call('GET', path, undefined, 'en');
      expect([query, inEnglish.statusCode]).toEqual([query, 400]);
      expect(inEnglish.json().message).toContain(en);
      const inKorean = await jun.call('GET', path, undefined, 'ko');
      expect([query, inKorean.statusCode]).toEqual([query, 400]);
      expect(inKorean.json().message).toContain(ko);
    }
  });

  it('never finds another user’s mail, whatever the query', async () => {
    expect(await subjects(sora, '회의')).toEqual(['주간 회의 안내']); // her own copy, by Cc
    expect(await subjects(sora, 'in:anywhere')).toEqual(['주간 회의 안내']);
    expect(await subjects(sora, '-회의 in:anywhere')).toEqual([]);
    expect(await subjects(sora, 'filename:budget OR 견적 OR is:starred')).toEqual([]);
    expect(await subjects(sora, 'in:projects')).toEqual([]);
  });
});

describe('the search index (search-vector.ts, 0016_search_grams_in_node.sql)', () => {
  const run = async (query: ReturnType<typeof sql>) =>
    (await ctx.db.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  /** Changes a message's text behind the server's back: the guard empties its vector, the backfill makes it. */
  const rewrite = async (id: number, change: ReturnType<typeof sql>) => {
    await run(sql`UPDATE messages SET ${change} WHERE id = ${id}`);
    const { rows } = await run(sql`SELECT search_vector IS NULL AS stale FROM messages WHERE id = ${id}`);
    expect(rows[0]!.stale).toBe(true);
    expect(await fillSearchVectors(ctx.db.database.db, 10)).toBe(1);
  };

  it('gives every new message its vector', async () => {
    const { rows } = await run(sql`SELECT count(*)::int AS n FROM messages WHERE search_vector IS NULL`);
    expect(rows[0]!.n).toBe(0);
  });

  it('answers alike once statistics call a word rare (its candidates read from the index first)', async () => {
    // 목련 in one message only, so that it is rare.
    await rewrite(sent.ids['주간 회의 안내']!, sql`body_text = body_text || ' 목련 구경'`);
    const queries = ['목련', '회의 목련', '목련 OR 돈', '-목련 회의', 'subject:회의 목련', '견적', 'q3'];
    const before = await Promise.all(queries.map((q) => subjects(jun, q)));
    // A few rows would all be "most common": keep only the ten most common elements, as a big table would.
    await run(sql`ALTER TABLE messages ALTER COLUMN search_vector SET STATISTICS 1`);
    await run(sql`ANALYZE messages`);
    const { rows } = await run(sql`
      SELECT EXISTS (SELECT 1 FROM pg_stats WHERE tablename = 'messages' AND attname = 'search_vector'
        AND NOT ('목련' = ANY (most_common_elems::text::text[]))) AS rare`);
    expect(rows[0]!.rare).toBe(true);
    const after = await Promise.all(queries.map((q) => subjects(jun, q)));
    expect(after).toEqual(before);
    expect(after.slice(0, 5)).toEqual([
      ['주간 회의 안내'],
      ['주간 회의 안내'],
      ['주간 회의 안내', '견적서 요청'].sort(),
      ['Lunch plan'],
      ['주간 회의 안내'],
    ]);
    expect(await subjects(sora, '목련')).toEqual([]);
  });

  it('still finds mail stored before the index, and fills it in batches', async () => {
    const id = sent.ids['견적서 요청']!;
    await run(sql`UPDATE messages SET search_vector = NULL WHERE id = ${id}`);
    expect(await subjects(jun, '돈')).toEqual(['견적서 요청']);
    expect(await fillSearchVectors(ctx.db.database.db, 10)).toBe(1);
    expect(await fillSearchVectors(ctx.db.database.db, 10)).toBe(0);
    const { rows } = await run(
      sql`SELECT search_vector IS NOT NULL AS filled FROM messages WHERE id = ${id}`,
    );
    expect(rows[0]!.filled).toBe(true);
    expect(await subjects(jun, '돈')).toEqual(['견적서 요청']);
  });

  it('answers from the index: a message whose vector lacks the word is not a candidate', async () => {
    const id = sent.ids['Lunch plan']!;
    await run(sql`UPDATE messages SET search_vector = ''::tsvector WHERE id = ${id}`);
    expect(await subjects(jun, 'q3')).toEqual([]);
    // The same text written again is no change: the guard keeps the vector.
    await run(sql`UPDATE messages SET body_text = body_text WHERE id = ${id}`);
    expect(await subjects(jun, 'q3')).toEqual([]);
    await run(sql`UPDATE messages SET search_vector = NULL WHERE id = ${id}`);
    expect(await fillSearchVectors(ctx.db.database.db, 10)).toBe(1);
    expect(await subjects(jun, 'q3')).toEqual(['Lunch plan']);
  });

  it('makes a gram of each pair of neighbouring word characters and of each non-ASCII one', () => {
    expect(gramsOf('Ab, 안 c😀d', 'f|').sort()).toEqual(['f|ab', 'f|c😀', 'f|😀d', 'f|안', 'f|😀'].sort());
    expect(gramsOf('  회의록\t(2부)  x ').sort()).toEqual(
      ['회의', '의록', '2부', '회', '의', '록', '부'].sort(),
    );
    expect(gramsOf('a', 's|')).toEqual([]);
    expect(gramsOf(null, 's|')).toEqual([]);
  });

  it('folds case and accents no finer than any lowercasing of a database', () => {
    const fold = (text: string) => [...text].map(foldChar).join('');
    expect(fold('RÉSUMÉ résumé')).toBe('resume resume');
    // Every lowercase form a collation may give folds as the capital does: İ (ICU: i + dot above; libc and
    // Turkish: i), I (Turkish: ı), Σ (ICU at a word's end: ς), ẞ (ß), Ì (Lithuanian: i + dot above + grave).
    for (const [capital, lowered] of [
      ['İ', 'i\u0307'],
      ['İ', 'i'],
      ['I', 'ı'],
      ['Σ', 'ς'],
      ['Σ', 'σ'],
      ['ẞ', 'ß'],
      ['Ì', 'i\u0307\u0300'],
    ] as const)
      expect(fold(lowered)).toBe(fold(capital));
    expect(fold('한국어 漢字 ひらがな हिंदी')).toBe('한국어 漢字 ひらがな हिंदी');
  });

  it('answers every short word as the substring alone would, whatever the case or accents', async () => {
    const minji = await signIn(ctx.app, 'minji@example.com', '김민지');
    await sent.deliver(minji, 'Résumé from İstanbul', 'ΣΟΦΙΑ σοφίας straße STRASSE ǅemal Kelvin K ﬁle');
    const words = [
      'ré',
      'RÉ',
      're',
      'é',
      'É',
      'is',
      'İs',
      'ıs',
      'σ',
      'ς',
      'Σ',
      'ss',
      'ß',
      'ße',
      'ǆ',
      'dž',
      'km',
      'fi',
      'ﬁ',
    ];
    const withIndex = await Promise.all(words.map((word) => subjects(jun, word)));
    expect(withIndex[words.indexOf('ré')]).toEqual(['Résumé from İstanbul']);
    expect(withIndex[words.indexOf('re')]).toContain('Quarterly REPORT');
    expect(withIndex[words.indexOf('re')]).not.toContain('Résumé from İstanbul');
    // One message without a vector: Jun's searches skip the index and read every text.
    const other = sent.ids['견적서 요청']!;
    await run(sql`UPDATE messages SET search_vector = NULL WHERE id = ${other}`);
    const withoutIndex = await Promise.all(words.map((word) => subjects(jun, word)));
    expect(await fillSearchVectors(ctx.db.database.db, 10)).toBe(1);
    expect(Object.fromEntries(words.map((w, i) => [w, withIndex[i]]))).toEqual(
      Object.fromEntries(words.map((w, i) => [w, withoutIndex[i]])),
    );
  });

  it('answers a two-character word from the vector exactly as the substring would', async () => {
    const id = sent.ids['Lunch plan']!;
    // The pair 가나 stands only across a space and across two fields.
    await rewrite(id, sql`subject = 'Lunch 가', body_text = '나 다라 Mx'`);
    expect(await subjects(jun, '가나')).toEqual([]);
    expect(await subjects(jun, '라 다')).toEqual(['Lunch 가']);
    expect(await subjects(jun, 'mX')).toEqual(['Lunch 가']);
    expect(await subjects(jun, 'subject:나')).toEqual([]);
    expect(await subjects(jun, '다라 -subject:가')).toEqual([]);
  });

  it('finds a word past the indexed part of a very long body', async () => {
    const id = sent.ids['Quarterly REPORT']!;
    await rewrite(id, sql`body_text = repeat('가나다 ', 30000) || '벚꽃 구경'`);
    expect(await subjects(jun, '벚꽃')).toEqual(['Quarterly REPORT']);
    expect(await subjects(jun, '가나다 -벚꽃')).toEqual([]);
  });
});
