import type { NotificationSettings } from '@postline/shared/notifications';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationSettingsFrom } from '@postline/shared/notification-types';
import { STORAGE_KEYS } from '@/lib/contract-constants';

/** The settings mirrored in local storage (SPEC §3), each missing or broken field at its default. */
export function parseStoredSettings(text: string | null): NotificationSettings {
  if (!text) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  try {
    return notificationSettingsFrom(JSON.parse(text));
  } catch {
    return { ...DEFAULT_NOTIFICATION_SETTINGS };
  }
}

export function readStoredSettings(): NotificationSettings {
  try {
    return parseStoredSettings(localStorage.getItem(STORAGE_KEYS.notificationSettings));
  } catch {
    // Storage may be forbidden (private modes); the defaults still work.
    return { ...DEFAULT_NOTIFICATION_SETTINGS };
  }
}

export function writeStoredSettings(settings: NotificationSettings): void {
  try {
    localStorage.setItem(STORAGE_KEYS.notificationSettings, JSON.stringify(settings));
  } catch {
    // Not mirroring is acceptable: the server keeps the settings too.
  }
}

export const SETTINGS_STORAGE_KEY = STORAGE_KEYS.notificationSettings;
