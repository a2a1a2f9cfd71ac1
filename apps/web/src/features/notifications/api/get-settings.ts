import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@postline/shared/notifications';
import { notificationSettingsFrom } from '@postline/shared/notification-types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readStoredSettings, writeStoredSettings } from '../settings-storage';

/** GET /notifications/settings: the saved settings, or the defaults of SPEC §3. */
function fetchNotificationSettings(): Promise<NotificationSettings> {
  return api.get<NotificationSettings>('/notifications/settings');
}

/**
 * The settings' cache entry. It starts from this browser's copy (SPEC §3 keeps one in local
 * storage), so switches and pushes follow the user's choice before the server answers; the answer
 * is copied back there.
 */
function notificationSettingsQuery() {
  return queryOptions({
    queryKey: queryKeys.notifications.settings,
    queryFn: async () => {
      // Read through the schema so a field the server left out takes its default.
      const settings = notificationSettingsFrom(await fetchNotificationSettings());
      writeStoredSettings(settings);
      return settings;
    },
    initialData: readStoredSettings,
    // The copy is only a start: the server's settings are asked for once someone loads them.
    initialDataUpdatedAt: 0,
  });
}

/**
 * The settings as held. Only the real-time provider asks the server for them, once on sign-in
 * (`load`), as before the cache: showing the switches does not reload them. A failed load keeps
 * what was shown (SPEC §8).
 */
export function useNotificationSettings({ load = false }: { load?: boolean } = {}): NotificationSettings {
  return useQuery({ ...notificationSettingsQuery(), enabled: load }).data;
}
