import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';

/** POST /mailboxes: a custom folder, at the top or under parentId. */
export function createFolder(request: { name: string; parentId?: number | null }): Promise<Mailbox> {
  return api.post<Mailbox>('/mailboxes', { name: request.name.trim(), parentId: request.parentId ?? null });
}

/** PUT /mailboxes/{id} with a new name. */
export function renameFolder(id: number, name: string): Promise<Mailbox> {
  return api.put<Mailbox>(`/mailboxes/${id}`, { name: name.trim() });
}

/** PUT /mailboxes/{id} with a new parent; null moves it to the top. */
export function moveFolder(id: number, parentId: number | null): Promise<Mailbox> {
  return api.put<Mailbox>(`/mailboxes/${id}`, { parentId });
}

/** DELETE /mailboxes/{id}: the folder and its sub-folders; their mail goes to the trash. */
export function deleteFolder(id: number): Promise<null> {
  return api.delete<null>(`/mailboxes/${id}`);
}
