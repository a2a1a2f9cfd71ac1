import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** GET /messages/{id}: the draft to continue. */
export function fetchDraft(id: number): Promise<Message> {
  return api.get<Message>(`/messages/${id}`);
}
