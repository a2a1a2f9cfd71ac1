import { describe, expect, it } from 'vitest';
import { listRequest } from './list-request';
import { NO_FILTERS, parseFolder, type FolderRef, type ListParams } from './list-params';

const base: ListParams = {
  page: 1,
  size: 20,
  sort: { field: 'receivedAt', direction: 'desc' },
  filters: NO_FILTERS,
  search: null,
};
const folder = (slug: string) => parseFolder(slug) as FolderRef;

describe('listRequest: paging, sorting and filters run on the server', () => {
  it('asks for a system folder by type, with a zero-based page', () => {
    expect(listRequest(folder('inbox'), { ...base, page: 3, size: 50 })).toEqual({
      url: '/messages',
      query: { mailboxType: 'INBOX', page: 2, size: 50, sort: 'receivedAt,desc' },
    });
  });

  it('asks a folder for its conversations when the conversation view is on, a search for messages', () => {
    expect(listRequest(folder('inbox'), base, true)).toEqual({
      url: '/conversations',
      query: { mailboxType: 'INBOX', page: 0, size: 20, sort: 'receivedAt,desc' },
    });
    expect(listRequest(folder('inbox'), { ...base, search: '회의' }, true).url).toBe('/messages/search');
    expect(listRequest(folder('starred'), base, true).url).toBe('/messages/starred');
  });

  it('asks for a custom folder by id', () => {
    expect(listRequest(folder('folder-12'), base).query).toMatchObject({ mailboxId: 12 });
  });

  it('turns the three filters into the server flags, together', () => {
    const filters = { unread: true, starred: true, attachment: true };
    expect(
      listRequest(folder('sent'), { ...base, filters, sort: { field: 'subject', direction: 'asc' } }),
    ).toEqual({
      url: '/messages',
      query: {
        mailboxType: 'SENT',
        isRead: 'false',
        isStarred: true,
        hasAttachments: true,
        page: 0,
        size: 20,
        sort: 'subject,asc',
      },
    });
  });

  it('uses the starred view, and search with isStarred once filters narrow it', () => {
    expect(listRequest(folder('starred'), base).url).toBe('/messages/starred');
    expect(listRequest(folder('starred'), { ...base, filters: { ...NO_FILTERS, unread: true } })).toEqual({
      url: '/messages/search',
      query: { isStarred: true, isUnread: true, page: 0, size: 20, sort: 'receivedAt,desc' },
    });
  });

  it('sends the query as typed, and the list filters with it', () => {
    expect(
      listRequest(folder('inbox'), {
        ...base,
        search: ' 회의 from:jun has:attachment ',
        filters: { ...NO_FILTERS, starred: true },
      }),
    ).toEqual({
      url: '/messages/search',
      query: {
        q: '회의 from:jun has:attachment',
        isStarred: true,
        page: 0,
        size: 20,
        sort: 'receivedAt,desc',
      },
    });
  });
});
