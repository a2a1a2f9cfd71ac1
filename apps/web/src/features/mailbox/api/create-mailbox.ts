import type { CreateMailboxRequest, Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';

/** POST /mailboxes: a custom folder at the top level. */
export function createMailbox(request: CreateMailboxRequest): Promise<Mailbox> {
  return api.post<Mailbox>('/mailboxes', { name: request.name.trim(), parentId: request.parentId ?? null });
}
