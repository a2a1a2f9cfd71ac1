import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, parseListParams, serializeListParams } from './list-params';

describe('list state in the URL', () => {
  it('reads defaults from an empty query and writes nothing back', () => {
    const params = parseListParams(new URLSearchParams());
    expect(params).toMatchObject({
      page: 1,
      size: 20,
      sort: { field: 'receivedAt', direction: 'desc' },
      search: null,
    });
    expect(serializeListParams(params).toString()).toBe('');
  });

  it('round-trips page, size, sort, filters and a search', () => {
    const query =
      'page=3&size=50&sort=subject%2Casc&unread=1&attachment=1&keyword=%ED%9A%8C%EC%9D%98&isStarred=true&mailboxType=SENT';
    const params = parseListParams(new URLSearchParams(query));
    expect(params).toEqual({
      page: 3,
      size: 50,
      sort: { field: 'subject', direction: 'asc' },
      filters: { unread: true, starred: false, attachment: true },
      search: { ...EMPTY_SEARCH, keyword: '회의', isStarred: true, mailboxType: 'SENT' },
    });
    expect(serializeListParams(params).toString()).toBe(query);
  });

  it('ignores sizes outside 10/20/50/100, bad pages and unknown sorts', () => {
    const params = parseListParams(new URLSearchParams('page=-2&size=33&sort=color,up&mailboxType=SPAM'));
    expect(params).toMatchObject({
      page: 1,
      size: 20,
      sort: { field: 'receivedAt', direction: 'desc' },
      search: null,
    });
  });
});
