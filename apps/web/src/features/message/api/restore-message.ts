import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** POST /messages/{id}/restore: from Trash back to the folder it left (else Inbox, Sent or Drafts). */
export function restoreMessage(id: number): Promise<Message> {
  return api.post<Message>(`/messages/${id}/restore`);
}
