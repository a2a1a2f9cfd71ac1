import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';

/** GET /mailboxes: the folder tree, for the MOVE_TO_FOLDER picker. */
export function fetchMailboxes(): Promise<Mailbox[]> {
  return api.get<Mailbox[]>('/mailboxes');
}
