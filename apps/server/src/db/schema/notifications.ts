import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationData, NotificationType, ReferenceType } from '@postline/shared/notifications';

/** A text parameter: the same in every language, or one value per language (ko, en). */
export type NotificationTextParams = Record<string, string | number | Record<string, string>>;

/** Drizzle's view of 0006_notifications.sql; the SQL file is the source of truth for the database. */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  type: text('type').$type<NotificationType>().notNull(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  isRead: boolean('is_read').notNull().default(false),
  readAt: timestamp('read_at', { withTimezone: true }),
  referenceType: text('reference_type').$type<ReferenceType>(),
  referenceId: integer('reference_id'),
  data: jsonb('data').$type<NotificationData>().notNull().default({}),
  /** 0019: a key of locales/<lang>/notifications.json, rendered in the reader's language. */
  titleKey: text('title_key'),
  contentKey: text('content_key'),
  textParams: jsonb('text_params').$type<NotificationTextParams>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  newMessage: boolean('new_message').notNull().default(true),
  messageStatus: boolean('message_status').notNull().default(true),
  filterExecution: boolean('filter_execution').notNull().default(true),
  systemAlerts: boolean('system_alerts').notNull().default(true),
  desktop: boolean('desktop').notNull().default(true),
  sound: boolean('sound').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
