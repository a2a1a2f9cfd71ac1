import { queryOptions } from '@tanstack/react-query';
import type { UserSettings } from '@postline/shared/settings';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * The signed-in person's settings (GET /settings, issue 36), one cache entry: the settings page
 * changes them, and the features that act on them (compose's undo delay, the mail list's
 * conversation view) read them through their own queries.ts from here, since features do not
 * import each other. Kept fresh for the visit: they change only through the settings page.
 */
export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: () => api.get<UserSettings>('/settings'),
  staleTime: 5 * 60_000,
});
