import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** PATCH /messages/{id}/read?isRead */
export function markRead(id: number, isRead: boolean): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/read`, undefined, { params: { isRead } });
}
