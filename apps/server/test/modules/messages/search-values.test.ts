import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../helpers/test-app.js';
import type { MailApi } from './mail-api.js';
import { find, openSearchFixture, subjects } from './search-fixture.js';

/**
 * Numbers and dates of a search at the edge of what the database holds (issue 32, finding 9): a
 * size past the int4 column (`larger:99999999999999999999M` answered 500) and a date whose next day
 * is in year 10000 (endDate=9999-12-31 answered 500). Sizes and instants out of range are clamped
 * to the largest the column holds, so they mean what the user meant; dates that cannot be read are
 * a 400 in the user's language.
 */

let ctx: TestContext;
let jun: MailApi;
let everything: string[];

beforeAll(async () => {
  ({ ctx, jun } = await openSearchFixture());
  everything = await subjects(jun, '');
});
afterAll(async () => ctx.close());

describe('GET /messages/search with sizes past the size column', () => {
  it('larger: any huge size finds nothing, smaller: finds every message', async () => {
    for (const size of ['99999999999999999999M', '3000M', '2147483648', '9'.repeat(400), '1e9']) {
      const q = `larger:${size}`;
      if (size === '1e9') {
        // Not a size: the parser says so, in the user's language.
        const res = await jun.call('GET', `/messages/search?q=${encodeURIComponent(q)}`, undefined, 'en');
        expect([q, res.statusCode, res.json().code]).toEqual([q, 400, 'VALIDATION_ERROR']);
        expect(res.json().message).toContain('This size cannot be read: 1e9');
        continue;
      }
      expect([q, await subjects(jun, q)]).toEqual([q, []]);
      expect([size, await subjects(jun, `smaller:${size}`)]).toEqual([size, everything]);
      expect([size, await subjects(jun, `size:${size} OR has:attachment`)]).toEqual([
        size,
        ['Quarterly REPORT', '주간 회의 안내'],
      ]);
    }
  });
});

describe('GET /messages/search with dates at the end of the calendar', () => {
  it('endDate=9999-12-31 includes all mail; a startDate in year 9999 finds none', async () => {
    expect((await find(jun, '', '&endDate=9999-12-31')).content.map((m) => m.subject).sort()).toEqual(
      everything,
    );
    expect((await find(jun, '', '&endDate=9999-12-31T23:59-14:00')).totalElements).toBe(everything.length);
    expect(await find(jun, '', '&startDate=9999-12-31T23:59-14:00')).toMatchObject({ totalElements: 0 });
    expect(await subjects(jun, 'before:9999-12-31')).toEqual(everything);
    expect(await subjects(jun, 'after:9999-12-31')).toEqual([]);
  });

  it('a year of five digits or year 0 is a translated 400, never a 500', async () => {
    for (const q of ['after:99999-01-01', 'before:0000-01-01', 'older:2024-02-30', 'newer:+10000-01-01']) {
      const path = `/messages/search?q=${encodeURIComponent(q)}`;
      const en = await jun.call('GET', path, undefined, 'en');
      expect([q, en.statusCode, en.json().code]).toEqual([q, 400, 'VALIDATION_ERROR']);
      expect(en.json().message).toContain('This date cannot be read');
      const ko = await jun.call('GET', path, undefined, 'ko');
      expect([q, ko.statusCode]).toEqual([q, 400]);
      expect(ko.json().message).toContain('날짜를 읽을 수 없습니다');
    }
    const start = await jun.call('GET', '/messages/search?startDate=99999-01-01', undefined, 'en');
    expect([start.statusCode, start.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
