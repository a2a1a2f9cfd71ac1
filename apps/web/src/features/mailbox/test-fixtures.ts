import type { Page } from '@postline/shared/common';
import type { Mailbox } from '@postline/shared/mailbox';
import { mailbox } from '@/test/mail-fixtures';

/** Test data for the mailbox list, shaped as the server sends it. */
export { listItem, mailbox } from '@/test/mail-fixtures';

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

export const systemMailboxes: Mailbox[] = [
  mailbox({ id: 1, type: 'INBOX', totalCount: 3, unreadCount: 1 }),
  mailbox({ id: 2, type: 'SENT' }),
  mailbox({ id: 3, type: 'DRAFTS' }),
  mailbox({ id: 4, type: 'TRASH' }),
  mailbox({ id: 12, type: 'CUSTOM', name: '프로젝트' }),
];
