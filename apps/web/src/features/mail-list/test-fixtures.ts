import type { Page } from '@postline/shared/common';
import type { Mailbox } from '@postline/shared/mailbox';
import { folder } from '@/test/mail-fixtures';

/** Test data for the mail list, shaped as the server sends it. */
export { listItem, folder } from '@/test/mail-fixtures';

export function pageOf<T>(content: T[], number = 0, size = 20, totalElements = content.length): Page<T> {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    number,
    size,
    totalElements,
    totalPages,
    first: number === 0,
    last: number >= totalPages - 1,
  };
}

export const systemFolders: Mailbox[] = [
  folder({ id: 1, type: 'INBOX', totalCount: 3, unreadCount: 1 }),
  folder({ id: 2, type: 'SENT' }),
  folder({ id: 3, type: 'DRAFTS' }),
  folder({ id: 4, type: 'TRASH' }),
  folder({ id: 12, type: 'CUSTOM', name: '프로젝트' }),
];
