import type { Notification } from '@postline/shared/notifications';
import { api } from '@/lib/api-client';

/** PATCH /notifications/{id}/read?isRead=true: sets isRead and readAt. */
export function markNotificationRead(id: number): Promise<Notification> {
  return api.patch<Notification>(`/notifications/${id}/read`, undefined, { params: { isRead: true } });
}
