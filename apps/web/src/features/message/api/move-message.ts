import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** PATCH /messages/{id}/move?targetMailboxId: into another of the user's folders (Archive too). */
export function moveMessage(id: number, folderId: number): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/move`, undefined, { params: { targetMailboxId: folderId } });
}
