import type { Notification, NotificationSettings } from '@postline/shared/notifications';
import type { notificationSettings, notifications } from '../../db/schema/notifications.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/** One shape for GET /notifications and the STOMP push (STYLE.md: REST and socket share a presenter). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    content: row.content,
    message: row.content,
    isRead: row.isRead,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    referenceType: row.referenceType ?? null,
    referenceId: row.referenceId ?? null,
    data: row.data ?? {},
  };
}

export function presentSettings(row: NotificationSettingsRow): NotificationSettings {
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
