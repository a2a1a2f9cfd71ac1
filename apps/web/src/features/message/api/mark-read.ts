import { api } from '@/lib/api-client';

/** PATCH /messages/{id}/read?isRead */
export function markRead(id: number, isRead: boolean): Promise<unknown> {
  return api.patch(`/messages/${id}/read`, undefined, { params: { isRead } });
}
