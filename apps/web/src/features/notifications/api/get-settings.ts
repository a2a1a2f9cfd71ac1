import type { NotificationSettings } from '@postline/shared/notifications';
import { api } from '@/lib/api-client';

/** GET /notifications/settings: the saved settings, or the defaults of SPEC §3. */
export function fetchNotificationSettings(): Promise<NotificationSettings> {
  return api.get<NotificationSettings>('/notifications/settings');
}
