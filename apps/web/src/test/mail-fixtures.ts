import type { Mailbox } from '@postline/shared/mailbox';
import type { Message, MessageListItem } from '@postline/shared/messages';

/** Test data for the mail list, shaped as the server sends it. */
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

export function folder(overrides: Partial<Mailbox> & Pick<Mailbox, 'id' | 'type'>): Mailbox {
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

/** What GET /messages/{id} answers for a list row: the row with an empty body and no headers. */
export function messageOfRow(row: MessageListItem): Message {
  return {
    ...row,
    bccAddresses: [],
    replyTo: null,
    bodyText: row.preview,
    body: row.preview,
    bodyHtml: null,
    bodyClipped: false,
    attachments: [],
    attachmentIds: [],
    messageId: null,
    inReplyTo: null,
    references: [],
    invitation: null,
    authentication: null,
  };
}

/** A full message as GET /messages/{id} sends it: a row of the list with its body and headers. */
export function fullMessage(overrides: Partial<Message> = {}): Message {
  const body = '첫 줄\n둘째 줄';
  return {
    ...messageOfRow(listItem({ id: 7, subject: '회의 일정', preview: '첫 줄 둘째 줄' })),
    bodyText: body,
    body,
    messageId: '<a@postline.local>',
    ...overrides,
  };
}
