import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../helpers/test-app.js';
import type { MailApi } from './mail-api.js';
import { find, openSearchFixture, subjects } from './search-fixture.js';

/** GET /messages/search?q=: the search box in Gmail's syntax (issue 14). */

let ctx: TestContext;
let jun: MailApi;
let sora: MailApi;

beforeAll(async () => {
  ({ ctx, jun, sora } = await openSearchFixture());
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
