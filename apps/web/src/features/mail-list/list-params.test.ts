import { describe, expect, it } from 'vitest';
import { parseListParams, serializeListParams } from './list-params';

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

  it('round-trips page, size, sort, filters and a search query as typed', () => {
    const query = 'page=3&size=50&sort=subject%2Casc&unread=1&attachment=1&q=%ED%9A%8C%EC%9D%98+from%3Asujin';
    const params = parseListParams(new URLSearchParams(query));
    expect(params).toEqual({
      page: 3,
      size: 50,
      sort: { field: 'subject', direction: 'asc' },
      filters: { unread: true, starred: false, attachment: true },
      search: '회의 from:sujin',
    });
    expect(serializeListParams(params).toString()).toBe(query);
  });

  it('reads a link from before the one query as the same search', () => {
    const params = parseListParams(
      new URLSearchParams('keyword=%ED%9A%8C%EC%9D%98&isStarred=true&mailboxType=SENT&endDate=2026-01-31'),
    );
    expect(params.search).toBe('회의 before:2026-02-01 is:starred in:sent');
    expect(serializeListParams(params).toString()).toBe(
      'q=%ED%9A%8C%EC%9D%98+before%3A2026-02-01+is%3Astarred+in%3Asent',
    );
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
