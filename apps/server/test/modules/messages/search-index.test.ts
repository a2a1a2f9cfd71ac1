import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signIn, type TestContext } from '../../helpers/test-app.js';
import { fillSearchVectors } from '../../../src/modules/messages/search-backfill.js';
import { foldChar, gramsOf } from '../../../src/mail/format/search-vector.js';
import type { MailApi, MailBySubject } from './mail-api.js';
import { openSearchFixture, subjects } from './search-fixture.js';

/** The n-gram index under GET /messages/search (issue 14; grams made in Node since issue 13). */

let ctx: TestContext;
let jun: MailApi;
let sora: MailApi;
let sent: MailBySubject;

beforeAll(async () => {
  ({ ctx, jun, sora, sent } = await openSearchFixture());
});
afterAll(async () => ctx.close());

/** Searches one after another, as a user runs them: two at once is the most one user may (search-gate.ts). */
async function oneByOne<T>(queries: string[], search: (q: string) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (const q of queries) answers.push(await search(q));
  return answers;
}

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
    const before = await oneByOne(queries, (q) => subjects(jun, q));
    // A few rows would all be "most common": keep only the ten most common elements, as a big table would.
    await run(sql`ALTER TABLE messages ALTER COLUMN search_vector SET STATISTICS 1`);
    await run(sql`ANALYZE messages`);
    const { rows } = await run(sql`
      SELECT EXISTS (SELECT 1 FROM pg_stats WHERE tablename = 'messages' AND attname = 'search_vector'
        AND NOT ('목련' = ANY (most_common_elems::text::text[]))) AS rare`);
    expect(rows[0]!.rare).toBe(true);
    const after = await oneByOne(queries, (q) => subjects(jun, q));
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
    const withIndex = await oneByOne(words, (word) => subjects(jun, word));
    expect(withIndex[words.indexOf('ré')]).toEqual(['Résumé from İstanbul']);
    expect(withIndex[words.indexOf('re')]).toContain('Quarterly REPORT');
    expect(withIndex[words.indexOf('re')]).not.toContain('Résumé from İstanbul');
    // One message without a vector: Jun's searches skip the index and read every text.
    const other = sent.ids['견적서 요청']!;
    await run(sql`UPDATE messages SET search_vector = NULL WHERE id = ${other}`);
    const withoutIndex = await oneByOne(words, (word) => subjects(jun, word));
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
