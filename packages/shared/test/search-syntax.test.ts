import { describe, expect, it } from 'vitest';
import { messageSearchQuerySchema } from '../src/message-queries.js';
import {
  formatSearchNode,
  highlightTerms,
  parseSearchQuery,
  quoteSearchValue,
  type SearchNode,
} from '../src/search-syntax.js';
import { localizeValidationMessage } from '../src/validation-messages.js';

function parsed(text: string, options?: Parameters<typeof parseSearchQuery>[1]): SearchNode | null {
  const result = parseSearchQuery(text, options);
  if (!result.ok) throw new Error(`did not parse: ${JSON.stringify(result.error)}`);
  return result.node;
}

const text = (value: string, field = 'any', phrase = false) => ({ kind: 'text', field, value, phrase });

describe('the search syntax', () => {
  it('reads plain Korean words of one and two syllables, Latin words and numbers, all required', () => {
    expect(parsed('회의')).toEqual(text('회의'));
    expect(parsed('꽃 견적 Q3 2026')).toEqual({
      kind: 'and',
      items: [text('꽃'), text('견적'), text('Q3'), text('2026')],
    });
    expect(parsed('   ')).toBeNull();
  });

  it('reads every operator', () => {
    expect(parsed('from:sujin@partner.example')).toEqual(text('sujin@partner.example', 'from'));
    expect(parsed('to:jun cc:mina bcc:boss subject:견적 filename:pdf')).toEqual({
      kind: 'and',
      items: [
        text('jun', 'to'),
        text('mina', 'cc'),
        text('boss', 'bcc'),
        text('견적', 'subject'),
        text('pdf', 'filename'),
      ],
    });
    expect(parsed('has:attachment is:unread is:read is:starred')).toEqual({
      kind: 'and',
      items: [
        { kind: 'has', what: 'attachment' },
        { kind: 'is', what: 'unread' },
        { kind: 'is', what: 'read' },
        { kind: 'is', what: 'starred' },
      ],
    });
    expect(parsed('in:sent in:프로젝트')).toEqual({
      kind: 'and',
      items: [
        { kind: 'in', folder: 'sent' },
        { kind: 'in', folder: '프로젝트' },
      ],
    });
    expect(parsed('after:2026-01-01 before:2026/2/3')).toEqual({
      kind: 'and',
      items: [
        { kind: 'date', op: 'after', date: '2026-01-01' },
        { kind: 'date', op: 'before', date: '2026-02-03' },
      ],
    });
    expect(parsed('larger:5M smaller:200k size:10')).toEqual({
      kind: 'and',
      items: [
        { kind: 'size', op: 'larger', bytes: 5 * 1024 * 1024 },
        { kind: 'size', op: 'smaller', bytes: 200 * 1024 },
        { kind: 'size', op: 'larger', bytes: 10 },
      ],
    });
  });

  it('reads phrases, exclusion, OR and groups, OR binding tighter than AND', () => {
    expect(parsed('"분기 보고서"')).toEqual(text('분기 보고서', 'any', true));
    expect(parsed('subject:"주간 회의"')).toEqual(text('주간 회의', 'subject', true));
    expect(parsed('견적 -광고')).toEqual({
      kind: 'and',
      items: [text('견적'), { kind: 'not', item: text('광고') }],
    });
    expect(parsed('회의 출장 OR 휴가')).toEqual({
      kind: 'and',
      items: [text('회의'), { kind: 'or', items: [text('출장'), text('휴가')] }],
    });
    expect(parsed('from:(sujin OR jihoon)')).toEqual({
      kind: 'or',
      items: [text('sujin', 'from'), text('jihoon', 'from')],
    });
    expect(parsed('subject:{견적 계약}')).toEqual({
      kind: 'or',
      items: [text('견적', 'subject'), text('계약', 'subject')],
    });
  });

  it('takes a word with a colon that is no operator as a word (times, addresses, links)', () => {
    expect(parsed('10:30 https://example.com')).toEqual({
      kind: 'and',
      items: [text('10:30'), text('https://example.com')],
    });
  });

  it('names what is wrong with a malformed query', () => {
    const error = (value: string) => {
      const result = parseSearchQuery(value);
      return result.ok ? null : result.error;
    };
    expect(error('"분기 보고서')).toEqual({ key: 'searchUnclosedQuote', value: '"분기 보고서' });
    expect(error('after:2026-02-30')).toEqual({ key: 'searchBadDate', value: '2026-02-30' });
    expect(error('before:yesterday')).toEqual({ key: 'searchBadDate', value: 'yesterday' });
    expect(error('larger:huge')).toEqual({ key: 'searchBadSize', value: 'huge' });
    expect(error('(회의 OR 출장')).toEqual({ key: 'searchUnbalanced', value: '(' });
    expect(error('회의)')).toEqual({ key: 'searchUnbalanced', value: ')' });
    expect(error('from:')).toEqual({ key: 'searchMissingValue', value: 'from:' });
    expect(error('회의 OR')).toEqual({ key: 'searchMissingValue', value: 'OR' });
    expect(error('is:important')).toEqual({ key: 'searchBadValue', value: 'is:important' });
    expect(error('label:work')).toEqual({ key: 'searchUnsupportedOperator', value: 'label:work' });
    expect(error('회의 AROUND 3 출장')).toEqual({ key: 'searchUnsupportedOperator', value: 'AROUND' });
  });

  it('reads top-level terms as any-of when asked (a filter\'s "doesn\'t have")', () => {
    expect(parsed('sujin jihoon', { combine: 'any' })).toEqual({
      kind: 'or',
      items: [text('sujin'), text('jihoon')],
    });
  });
});

describe('highlighting and quoting', () => {
  it('highlights what is looked for in text, longest first, never excluded words or file names', () => {
    expect(
      highlightTerms(parsed('회의 "분기 보고서" subject:견적 -광고 filename:pdf has:attachment')),
    ).toEqual(['분기 보고서', '회의', '견적']);
    expect(highlightTerms(null)).toEqual([]);
  });

  it('quotes values with spaces so the advanced search can write a query', () => {
    expect(quoteSearchValue('이수진')).toBe('이수진');
    expect(quoteSearchValue('분기 보고서')).toBe('"분기 보고서"');
    // A lone "-" is a word; written bare before a bracket it would read back as a negation.
    const lone = parsed('a OR - ')!;
    expect(formatSearchNode(lone)).toBe('{a "-"}');
    expect(parsed(formatSearchNode(lone))).toMatchObject({
      kind: 'or',
      items: [text('a'), text('-', 'any', true)],
    });
    expect(parsed(`from:${quoteSearchValue('Kim "Minji" Lee')}`)).toEqual(
      text('Kim Minji Lee', 'from', true),
    );
  });
});

describe('GET /messages/search q', () => {
  it("refuses a malformed query with a message in the user's language", () => {
    const result = messageSearchQuerySchema.safeParse({ q: 'after:2026-13-01' });
    expect(result.success).toBe(false);
    const message = result.error?.issues[0]?.message ?? '';
    expect(localizeValidationMessage(message, 'ko')).toBe(
      '날짜를 읽을 수 없습니다: 2026-13-01 (예: 2026-01-31 또는 2026/01/31)',
    );
    expect(localizeValidationMessage(message, 'en')).toBe(
      'This date cannot be read: 2026-13-01 (use 2026-01-31 or 2026/01/31)',
    );
    expect(messageSearchQuerySchema.safeParse({ q: 'from:sujin 견적' }).success).toBe(true);
  });
});

describe('writing a query back', () => {
  it('formats any tree so that it parses to the same tree', () => {
    for (const query of [
      '회의 from:(sujin OR jihoon) -"광고 메일" subject:{견적 계약} has:attachment is:unread',
      'in:"내 프로젝트" after:2026-01-01 before:2026-02-01 larger:5M smaller:10k',
      '-(회의 출장) filename:보고서.pdf cc:mina bcc:boss to:jun',
    ]) {
      const tree = parsed(query);
      if (!tree) throw new Error('empty');
      expect(parsed(formatSearchNode(tree))).toEqual(tree);
    }
  });
});
