import type { Page } from '@postline/shared/common';
import type { Notification } from '@postline/shared/notifications';
import { api } from '@/lib/api-client';

/** GET /notifications?page&size: newest first, zero-based pages. */
export function fetchNotifications(params: { page: number; size: number }): Promise<Page<Notification>> {
  return api.get<Page<Notification>>('/notifications', { params });
}
