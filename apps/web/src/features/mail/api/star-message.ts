import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** PATCH /messages/{id}/star?isStarred */
export function starMessage(id: number, isStarred: boolean): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/star`, undefined, { params: { isStarred } });
}
