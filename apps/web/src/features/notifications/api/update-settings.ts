import type { NotificationSettings, NotificationSettingsUpdate } from '@postline/shared/notifications';
import { api } from '@/lib/api-client';

/** PUT /notifications/settings with only what changed; answers the whole saved set. */
export function saveNotificationSettings(changes: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return api.put<NotificationSettings>('/notifications/settings', changes);
}
