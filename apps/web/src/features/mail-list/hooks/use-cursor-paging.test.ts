import { describe, expect, it } from 'vitest';
import { NO_FILTERS, parseFolder, type FolderRef } from '../list-params';
import { listRequest } from '../list-request';
import { withCursor } from './use-cursor-paging';

const inbox = parseFolder('inbox') as FolderRef;
const params = {
  page: 2,
  size: 20,
  sort: { field: 'receivedAt', direction: 'desc' },
  filters: NO_FILTERS,
  search: null,
} as const;

describe('withCursor', () => {
  it('steps to the page beside the one shown by its cursor, the same call otherwise', () => {
    const request = listRequest(inbox, params);
    expect(withCursor(request, 'next-of-0')).toEqual({
      url: '/messages',
      query: { mailboxType: 'INBOX', page: 1, size: 20, sort: 'receivedAt,desc', cursor: 'next-of-0' },
    });
    expect(withCursor(request, undefined)).toBe(request);
  });
});
