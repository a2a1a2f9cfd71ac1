import type { Language } from '@postline/shared/errors';
import {
  NOTIFICATION_CONTENT_MAX,
  NOTIFICATION_TITLE_MAX,
  DEFAULT_NOTIFICATION_SETTINGS,
  type Notification,
  type NotificationSettings,
} from '@postline/shared/notifications';
import type {
  NotificationSettingsRow,
  NotificationTextParams,
  notifications,
} from '../../db/schema/notifications.js';
import { serverText, type TextParams } from '../../lib/i18n.js';
import { SERVER_TEXTS } from '../../locales/resources.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** A text of locales/<lang>/notifications.json; placeholders are {{name}}. */
export type NotificationTextKey = keyof (typeof SERVER_TEXTS)['ko']['notifications'];

export function isNotificationTextKey(key: string | null | undefined): key is NotificationTextKey {
  return typeof key === 'string' && Object.hasOwn(SERVER_TEXTS.ko.notifications, key);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The parameters in one language: a value given per language is taken in `lang` (else Korean). */
function paramsIn(params: NotificationTextParams, lang: Language): TextParams {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'object' && value !== null ? (value[lang] ?? value.ko ?? '') : value,
    ]),
  );
}

/**
 * A notification's title and content in `lang`: a key is rendered now, so what was stored earlier
 * reads in the language the reader has today (issue 34); a literal (the user's own words, or a key
 * this version no longer knows) is shown as written.
 */
export function notificationTexts(
  row: Pick<NotificationRow, 'type' | 'title' | 'content' | 'titleKey' | 'contentKey' | 'textParams'>,
  lang: Language,
): { title: string; content: string } {
  const params = paramsIn(row.textParams, lang);
  const render = (key: string | null, literal: string) =>
    isNotificationTextKey(key) ? serverText(lang, `notifications:${key}`, params) : literal;
  return {
    title: clip(render(row.titleKey, row.title).trim(), NOTIFICATION_TITLE_MAX) || row.type,
    content: clip(render(row.contentKey, row.content), NOTIFICATION_CONTENT_MAX),
  };
}

/**
 * One shape for GET /notifications and the STOMP push (STYLE.md: REST and socket share a
 * presenter), in the reader's language.
 */
export function presentNotification(row: NotificationRow, lang: Language): Notification {
  const { title, content } = notificationTexts(row, lang);
  return {
    id: row.id,
    type: row.type,
    title,
    content,
    message: content,
    isRead: row.isRead,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    referenceType: row.referenceType ?? null,
    referenceId: row.referenceId ?? null,
    data: row.data ?? {},
  };
}

/** The user's settings; the defaults for a user who never saved any (no row). */
export function presentSettings(row: NotificationSettingsRow | null | undefined): NotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    enabled: row.enabled,
    newMessage: row.newMessage,
    messageStatus: row.messageStatus,
    filterExecution: row.filterExecution,
    systemAlerts: row.systemAlerts,
    desktop: row.desktop,
    sound: row.sound,
  };
}
