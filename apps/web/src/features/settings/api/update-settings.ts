import type { UserSettings, UserSettingsUpdate } from '@postline/shared/settings';
import { api } from '@/lib/api-client';

/** PATCH /settings with only what changed; answers every setting as saved. */
export function updateSettings(change: UserSettingsUpdate): Promise<UserSettings> {
  return api.patch<UserSettings>('/settings', change);
}
