import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AwayReplyRequest } from '@postline/shared/away-reply';
import type { UserSettings, UserSettingsUpdate } from '@postline/shared/settings';
import { queryKeys } from '@/lib/query-keys';
import { settingsQuery } from '@/lib/resources/settings';
import { useBannerError } from '@/lib/use-banner-error';
import { fetchAwayReply, saveAwayReply } from './api/away-reply';
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

/** The away reply as saved (issue 37); the form below starts from it and is then the person's. */
export function useAwayReply() {
  return useQuery({
    queryKey: queryKeys.awayReply,
    queryFn: ({ signal }) => fetchAwayReply(signal),
  });
}

/** Saves the whole away reply; the cache then holds what the server kept. */
export function useSaveAwayReply() {
  const client = useQueryClient();
  return useCallback(
    async (request: AwayReplyRequest) => {
      const saved = await saveAwayReply(request);
      client.setQueryData(queryKeys.awayReply, saved);
      return saved;
    },
    [client],
  );
}
