/**
 * Every route path of SPEC §2, written once. It lives in lib, not app, because features link to
 * routes too and code only flows lib -> features -> app.
 */
import type { MailboxType } from '@postline/shared/mailbox';

/** A folder of the user's own is /mailbox/folder-{id}; the others go by name (/mailbox/inbox). */
export const OWN_FOLDER_PREFIX = 'folder-';

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
  settings: '/settings',
  contacts: '/contacts',
  /** The mail list: a folder, the starred view or a search (the address keeps SPEC's word). */
  mailListPattern: '/mailbox/:folder',
  messagePattern: '/message/:messageId',
  messageOriginalPattern: '/message/:messageId/original',
  conversationPattern: '/conversation/:conversationId',
  mailList: (folderSlug: string) => `/mailbox/${encodeURIComponent(folderSlug)}`,
  message: (messageId: number | string) => `/message/${encodeURIComponent(String(messageId))}`,
  messageOriginal: (messageId: number | string) =>
    `/message/${encodeURIComponent(String(messageId))}/original`,
  /** A conversation as opened from a folder's list (issue 36): its messages there and the sent ones. */
  conversation: (conversationId: string, mailboxId?: number) =>
    `/conversation/${encodeURIComponent(conversationId)}${mailboxId ? `?mailboxId=${mailboxId}` : ''}`,
} as const;

/** The route segment of a folder: its name for the folders every user has, folder-{id} for their own. */
export function folderSlug(folder: { id: number; type: MailboxType }): string {
  return folder.type === 'CUSTOM' ? `${OWN_FOLDER_PREFIX}${folder.id}` : folder.type.toLowerCase();
}
