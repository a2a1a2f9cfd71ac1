import type { Notification, NotificationTestRequest } from '@postline/shared/notifications';
import { api } from '@/lib/api-client';

/** POST /notifications/test: the server writes a test notification and pushes it like any other. */
export function sendTestNotification(request: NotificationTestRequest): Promise<Notification> {
  return api.post<Notification>('/notifications/test', request);
}
