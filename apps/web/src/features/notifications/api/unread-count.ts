import type { CountResponse } from '@postline/shared/common';
import { api } from '@/lib/api-client';

/** GET /notifications/unread-count: how many notifications are unread, by the server's count. */
export async function fetchUnreadCount(): Promise<number> {
  const { count } = await api.get<CountResponse>('/notifications/unread-count');
  return count;
}
