/**
 * Every route path of SPEC §2, written once. It lives in lib, not app, because features link to
 * routes too and code only flows lib -> features -> app.
 */
export const MAILBOX_FOLDERS = ['inbox', 'sent', 'drafts', 'trash', 'starred'] as const;
export type MailboxFolder = (typeof MAILBOX_FOLDERS)[number];

export const paths = {
  root: '/',
  login: '/login',
  authCallback: '/auth/callback',
  dashboard: '/dashboard',
  compose: '/compose',
  filters: '/filters',
  notifications: '/notifications',
  templates: '/templates',
  signatures: '/signatures',
  mailboxPattern: '/mailbox/:folder',
  messagePattern: '/message/:messageId',
  messageOriginalPattern: '/message/:messageId/original',
  mailbox: (folder: MailboxFolder | string) => `/mailbox/${encodeURIComponent(folder)}`,
  message: (messageId: number | string) => `/message/${encodeURIComponent(String(messageId))}`,
  messageOriginal: (messageId: number | string) =>
    `/message/${encodeURIComponent(String(messageId))}/original`,
} as const;
