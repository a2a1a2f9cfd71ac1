import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';

/** PUT /mailboxes/{id} with a new name. */
export function renameFolder(id: number, name: string): Promise<Mailbox> {
  return api.put<Mailbox>(`/mailboxes/${id}`, { name: name.trim() });
}

/** PUT /mailboxes/{id} with a new parent; null moves it to the top. */
export function moveFolder(id: number, parentId: number | null): Promise<Mailbox> {
  return api.put<Mailbox>(`/mailboxes/${id}`, { parentId });
}
