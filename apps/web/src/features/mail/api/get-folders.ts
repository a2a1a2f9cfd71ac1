import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';

/** GET /mailboxes: the folder tree, each folder with its total and unread counts. */
export function fetchFolders(): Promise<Mailbox[]> {
  return api.get<Mailbox[]>('/mailboxes');
}
