import { api } from '@/lib/api-client';

/** PATCH /notifications/all/read: every notification of the user read; answers how many changed. */
export function markAllNotificationsRead(): Promise<{ affected: number }> {
  return api.patch<{ affected: number }>('/notifications/all/read');
}
