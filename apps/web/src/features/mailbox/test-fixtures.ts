import type { Page } from '@postline/shared/common';
import type { Mailbox } from '@postline/shared/mailbox';
import type { MessageListItem } from '@postline/shared/messages';

/** Test data for the mailbox list, shaped as the server sends it. */
export function listItem(overrides: Partial<MessageListItem> = {}): MessageListItem {
  const id = overrides.id ?? 1;
  return {
    id,
    subject: `메일 ${id}`,
    from: '이준 <jun@postline.local>',
    fromName: '이준',
    fromAddress: 'jun@postline.local',
    toAddresses: ['kim@postline.local'],
    to: ['kim@postline.local'],
    ccAddresses: [],
    cc: [],
    hasAttachments: false,
    attachmentCount: 0,
    isRead: true,
    isStarred: false,
    isDraft: false,
    receivedAt: '2025-03-10T09:30:00.000Z',
    sentAt: null,
    mailboxId: 1,
    mailboxType: 'INBOX',
    size: 100,
    sizeBytes: 100,
    labels: [],
    priority: 3,
    importance: 'NORMAL',
    threadId: null,
    preview: '안녕하세요',
    createdAt: '2025-03-10T09:30:00.000Z',
    updatedAt: '2025-03-10T09:30:00.000Z',
    ...overrides,
  };
}

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

export function mailbox(overrides: Partial<Mailbox> & Pick<Mailbox, 'id' | 'type'>): Mailbox {
  return {
    name: overrides.type,
    totalCount: 0,
    messageCount: 0,
    unreadCount: 0,
    userId: 1,
    parentId: null,
    children: [],
    ...overrides,
  };
}

export const systemMailboxes: Mailbox[] = [
  mailbox({ id: 1, type: 'INBOX', totalCount: 3, unreadCount: 1 }),
  mailbox({ id: 2, type: 'SENT' }),
  mailbox({ id: 3, type: 'DRAFTS' }),
  mailbox({ id: 4, type: 'TRASH' }),
  mailbox({ id: 12, type: 'CUSTOM', name: '프로젝트' }),
];
