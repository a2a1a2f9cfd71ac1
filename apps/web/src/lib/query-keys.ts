/**
 * One cache key per server resource. Every key starts with its resource's name, so invalidating
 * the prefix (queryKeys.messages.all) reaches every variant (each list, each message).
 */

/** A message list request: the endpoint and its query, as features/mail-list builds it. */
export interface MessageListKey {
  url: string;
  query: Record<string, string | number | boolean>;
}

export const queryKeys = {
  /** The folder tree with its counts (GET /mailboxes: SPEC's word for a folder on the wire). */
  folders: ['folders'] as const,
  messages: {
    all: ['messages'] as const,
    lists: ['messages', 'list'] as const,
    list: (request: MessageListKey) => ['messages', 'list', request] as const,
    detail: (id: number) => ['messages', 'detail', id] as const,
    /** Its source as it arrived, for "show original". */
    original: (id: number) => ['messages', 'original', id] as const,
    /** What a signed newsletter offers for leaving it (issue 37). */
    unsubscribe: (id: number) => ['messages', 'unsubscribe', id] as const,
    /** A conversation's messages, as opened from a folder (issue 36); under messages, so mail's reloads reach it. */
    conversation: (id: string, mailboxId: number | null) =>
      ['messages', 'conversation', id, mailboxId] as const,
  },
  dashboard: ['dashboard'] as const,
  /** What compose may attach on this server (ATTACHMENT_ALLOWED_TYPES). */
  attachmentRules: ['attachment-rules'] as const,
  /** The signed-in person's settings (issue 36): undo delay, conversation view. */
  settings: ['settings'] as const,
  /** The away reply (issue 37). */
  awayReply: ['away-reply'] as const,
  /** Senders whose remote images always show (issue 34). */
  remoteImageSenders: ['remote-image-senders'] as const,
  templates: {
    all: ['templates'] as const,
    lists: ['templates', 'list'] as const,
    list: (params: object) => ['templates', 'list', params] as const,
    /** How many templates there are in all, whatever the category or search. */
    count: ['templates', 'count'] as const,
    popular: ['templates', 'popular'] as const,
    categories: ['templates', 'categories'] as const,
    /** What the server fills a template's variables with, for mail to this first recipient. */
    systemVariables: (recipientEmail: string) => ['templates', 'system-variables', recipientEmail] as const,
  },
  /** The address book (issue 36): pages of contacts, and the groups. */
  contacts: {
    all: ['contacts'] as const,
    list: (params: object) => ['contacts', 'list', params] as const,
    groups: ['contacts', 'groups'] as const,
  },
  signatures: {
    all: ['signatures'] as const,
    list: ['signatures', 'list'] as const,
    default: ['signatures', 'default'] as const,
  },
  filters: {
    all: ['filters'] as const,
    list: ['filters', 'list'] as const,
    statistics: ['filters', 'statistics'] as const,
    /** Which of the newest Inbox mail a saved filter would match (issue 34). */
    preview: (id: number) => ['filters', 'preview', id] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    /** The pages loaded so far, newest first (an infinite query: Load more adds a page). */
    list: ['notifications', 'list'] as const,
    unreadCount: ['notifications', 'unread-count'] as const,
    settings: ['notifications', 'settings'] as const,
  },
};
