import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountResponse } from '@postline/shared/common';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /notifications/unread-count: how many notifications are unread, by the server's count. */
async function fetchUnreadCount(): Promise<number> {
  const { count } = await api.get<CountResponse>('/notifications/unread-count');
  return count;
}

/** The badge's cache entry: pushes and marks move it, the server's count replaces it. */
export function unreadCountQuery() {
  return queryOptions({ queryKey: queryKeys.notifications.unreadCount, queryFn: fetchUnreadCount });
}

/** How many notifications are unread; 0 until known, and what it was when a reload fails (SPEC §8). */
export function useUnreadCount(): number {
  return useQuery(unreadCountQuery()).data ?? 0;
}
