import type { NotificationSettings } from './notifications.js';

/**
 * What the web app's bell and settings need about notification types, without zod (issue 17:
 * the signed-in pages do not load the schema library). notifications.ts re-exports all of it.
 */

/** The current set first; SYSTEM, WARNING and ERROR are the older set SPEC §3 still names. */
export const NOTIFICATION_TYPES = [
  'NEW_MESSAGE',
  'MESSAGE_STATUS_UPDATE',
  'MAILBOX_UPDATE',
  'FILTER_EXECUTED',
  'SYSTEM_ALERT',
  'SYSTEM',
  'WARNING',
  'ERROR',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** notificationSettingsSchema's defaults (a test in notifications.test.ts keeps the two equal). */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = Object.freeze({
  enabled: true,
  newMessage: true,
  messageStatus: true,
  filterExecution: true,
  systemAlerts: true,
  desktop: true,
  sound: false,
});

/** Per-type switches; `desktop` and `sound` govern the way of showing, not whether. */
export type NotificationTypeSetting = Exclude<keyof NotificationSettings, 'enabled' | 'desktop' | 'sound'>;

export const NOTIFICATION_SETTING_FOR_TYPE: Readonly<Record<NotificationType, NotificationTypeSetting>> = {
  NEW_MESSAGE: 'newMessage',
  MESSAGE_STATUS_UPDATE: 'messageStatus',
  // Mailbox counts move because messages changed state, so the same switch governs both.
  MAILBOX_UPDATE: 'messageStatus',
  FILTER_EXECUTED: 'filterExecution',
  SYSTEM_ALERT: 'systemAlerts',
  SYSTEM: 'systemAlerts',
  WARNING: 'systemAlerts',
  ERROR: 'systemAlerts',
};

/** Whether a notification of this type should be shown; unknown types follow only `enabled`. */
export function isNotificationTypeEnabled(settings: NotificationSettings, type: string): boolean {
  if (!settings.enabled) return false;
  const flag = (NOTIFICATION_SETTING_FOR_TYPE as Record<string, NotificationTypeSetting | undefined>)[type];
  return flag === undefined ? true : settings[flag];
}

export const GENERIC_NOTIFICATION_EMOJI = '🔔';

export const NOTIFICATION_TYPE_EMOJI: Readonly<Record<NotificationType, string>> = {
  NEW_MESSAGE: '📧',
  MESSAGE_STATUS_UPDATE: '📝',
  MAILBOX_UPDATE: '📁',
  FILTER_EXECUTED: '⚙️',
  SYSTEM_ALERT: '⚠️',
  SYSTEM: GENERIC_NOTIFICATION_EMOJI,
  WARNING: '⚠️',
  ERROR: '❌',
};

/** SPEC §3: any type outside the known set shows as generic. */
export function notificationEmoji(type: string): string {
  return (NOTIFICATION_TYPE_EMOJI as Record<string, string | undefined>)[type] ?? GENERIC_NOTIFICATION_EMOJI;
}

/**
 * Settings read from storage or the server: each field that is missing or not a boolean takes its
 * default; anything that is not an object gives the defaults.
 */
export function notificationSettingsFrom(value: unknown): NotificationSettings {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_NOTIFICATION_SETTINGS };
  for (const key of Object.keys(settings) as (keyof NotificationSettings)[]) {
    const given = source[key];
    if (typeof given === 'boolean') settings[key] = given;
  }
  return settings;
}
