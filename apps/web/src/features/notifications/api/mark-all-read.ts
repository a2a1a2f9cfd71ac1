import type { AffectedResponse } from '@postline/shared/common';
import { api } from '@/lib/api-client';

/** PATCH /notifications/all/read: every notification of the user read; answers how many changed. */
export function markAllNotificationsRead(): Promise<AffectedResponse> {
  return api.patch<AffectedResponse>('/notifications/all/read');
}
