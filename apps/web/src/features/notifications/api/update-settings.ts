import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsUpdate } from '@postline/shared/notifications';
import { notificationSettingsFrom } from '@postline/shared/notification-types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { currentSettings } from '../notifications-cache';
import { writeStoredSettings } from '../settings-storage';

/** PUT /notifications/settings with only what changed; answers the whole saved set. */
function saveNotificationSettings(changes: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return api.put<NotificationSettings>('/notifications/settings', changes);
}

/**
 * Saves a change of the switches: shown and copied to local storage at once, then sent as a
 * partial update. A refusal keeps the change in this browser (SPEC §3 stores it locally too), though
 * the server still has the old value.
 */
export function useUpdateNotificationSettings(): (changes: NotificationSettingsUpdate) => void {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: saveNotificationSettings,
    onMutate: async (changes) => {
      // A load on its way holds the settings from before this change: it must not put them back.
      await client.cancelQueries({ queryKey: queryKeys.notifications.settings });
      const settings = { ...currentSettings(client), ...changes };
      writeStoredSettings(settings);
      client.setQueryData(queryKeys.notifications.settings, settings);
    },
    onSuccess: (answer) => {
      const saved = notificationSettingsFrom(answer);
      writeStoredSettings(saved);
      client.setQueryData(queryKeys.notifications.settings, saved);
    },
  });
  return mutate;
}
