import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UserSettings, UserSettingsUpdate } from '@postline/shared/settings';
import { queryKeys } from '@/lib/query-keys';
import { settingsQuery } from '@/lib/resources/settings';
import { useBannerError } from '@/lib/use-banner-error';
import { updateSettings } from './api/update-settings';

/**
 * The settings page's data: the settings from the shared cache entry, and save(), which shows the
 * change at once and sends it; a refusal puts the old value back and shows in the page's banner.
 */
export function useSettings() {
  const client = useQueryClient();
  const query = useQuery(settingsQuery);
  const banner = useBannerError(query.error);
  const { guard } = banner;

  const save = useCallback(
    (change: UserSettingsUpdate) =>
      guard(async () => {
        await client.cancelQueries({ queryKey: queryKeys.settings });
        const before = client.getQueryData<UserSettings>(queryKeys.settings);
        if (before) client.setQueryData<UserSettings>(queryKeys.settings, { ...before, ...change });
        try {
          const saved = await updateSettings(change);
          client.setQueryData(queryKeys.settings, saved);
          return saved;
        } catch (error) {
          if (before) client.setQueryData(queryKeys.settings, before);
          throw error;
        }
      }),
    [client, guard],
  );

  return {
    settings: query.data,
    isLoading: query.isPending,
    error: banner.error,
    clearError: banner.clearError,
    save,
  };
}
