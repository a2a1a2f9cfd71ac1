import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** GET /messages/{id}: one message in full, its bodies, attachments and threading headers too. */
export function fetchMessage(id: number): Promise<Message> {
  return api.get<Message>(`/messages/${id}`);
}
