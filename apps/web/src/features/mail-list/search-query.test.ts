import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, fieldsToQuery, queryToFields, searchScopeOf } from './search-query';

describe('one query for the search box and the advanced search', () => {
  it('writes every field as an operator; the end date counts the whole day', () => {
    expect(
      fieldsToQuery({
        keyword: ' 견적 ',
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        from: '이수진',
        to: 'jun kim',
        hasAttachment: true,
        isUnread: true,
        isStarred: true,
        mailboxType: 'INBOX',
      }),
    ).toBe(
      '견적 from:이수진 to:"jun kim" after:2026-01-01 before:2026-02-01 has:attachment is:unread is:starred in:inbox',
    );
    expect(fieldsToQuery(EMPTY_SEARCH)).toBe('');
  });

  it('reads a query back into the fields it can fill; the rest stays as query text', () => {
    expect(
      queryToFields('견적 -광고 from:sujin after:2026-01-01 before:2026-02-01 {출장 휴가} in:sent'),
    ).toEqual({
      ...EMPTY_SEARCH,
      keyword: '견적 -광고 {출장 휴가}',
      from: 'sujin',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      mailboxType: 'SENT',
    });
    // A second from: has no field of its own: it stays in the words.
    expect(queryToFields('from:a from:b').keyword).toBe('from:b');
    expect(queryToFields('"unclosed').keyword).toBe('"unclosed');
  });

  it('names the folder a search is limited to', () => {
    expect(searchScopeOf('견적 in:trash')).toEqual({ system: 'TRASH' });
    expect(searchScopeOf('in:"내 프로젝트" 견적')).toEqual({ name: '내 프로젝트' });
    expect(searchScopeOf('견적 in:anywhere')).toBeNull();
    expect(searchScopeOf('견적')).toBeNull();
  });
});
