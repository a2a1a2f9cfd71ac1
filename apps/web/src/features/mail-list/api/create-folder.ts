import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';

/** POST /mailboxes: a custom folder, at the top or under parentId. */
export function createFolder(request: { name: string; parentId?: number | null }): Promise<Mailbox> {
  return api.post<Mailbox>('/mailboxes', { name: request.name.trim(), parentId: request.parentId ?? null });
}
