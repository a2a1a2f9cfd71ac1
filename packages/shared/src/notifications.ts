import { z } from 'zod';
import { affectedResponseSchema, isoDateTime, pageQuerySchema, queryBoolean } from './common.js';
import { NOTIFICATION_CLEANUP_DEFAULT_DAYS } from './limits.js';
import { NOTIFICATION_TYPES } from './notification-types.js';

// The types, defaults and per-type rules the web app needs without zod live in notification-types.
export * from './notification-types.js';

/** Notification contract (SPEC §3 Notification, §4 Notification, §7 Notifications). */

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_CONTENT_MAX = 2000;
export const NOTIFICATION_BULK_MAX = 500;
export const NOTIFICATION_CLEANUP_MAX_DAYS = 3650;

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

export const REFERENCE_TYPES = ['MESSAGE', 'FILTER', 'MAILBOX', 'SYSTEM'] as const;
export const referenceTypeSchema = z.enum(REFERENCE_TYPES);
export type ReferenceType = z.infer<typeof referenceTypeSchema>;

/** Free-form extras; the known keys let the bell open the message and show the sender. */
export const notificationDataSchema = z.looseObject({
  messageId: z.number().int().positive().optional(),
  from: z.string().optional(),
  subject: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/**
 * One notification as GET /notifications and the STOMP push both present it.
 * `message` repeats `content` because older clients read that name.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  title: z.string(),
  content: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  readAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  referenceType: referenceTypeSchema.nullable(),
  referenceId: z.number().int().nullable(),
  data: notificationDataSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

const titleSchema = z.string().trim().min(1).max(NOTIFICATION_TITLE_MAX);
const contentSchema = z.string().max(NOTIFICATION_CONTENT_MAX);

export const createNotificationRequestSchema = z.object({
  type: notificationTypeSchema,
  title: titleSchema,
  content: contentSchema.default(''),
  referenceType: referenceTypeSchema.optional(),
  referenceId: z.number().int().positive().optional(),
  data: notificationDataSchema.optional(),
});
export type CreateNotificationRequest = z.infer<typeof createNotificationRequestSchema>;

/** PUT /notifications/{id}: only the fields sent change (no defaults, so nothing is reset). */
export const updateNotificationRequestSchema = z.object({
  type: notificationTypeSchema.optional(),
  title: titleSchema.optional(),
  content: contentSchema.optional(),
  referenceType: referenceTypeSchema.nullable().optional(),
  referenceId: z.number().int().positive().nullable().optional(),
  data: notificationDataSchema.optional(),
});
export type UpdateNotificationRequest = z.infer<typeof updateNotificationRequestSchema>;

/** Settings kept in local storage under notificationSettings and on the server (SPEC §3). */
export const notificationSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  newMessage: z.boolean().default(true),
  messageStatus: z.boolean().default(true),
  filterExecution: z.boolean().default(true),
  systemAlerts: z.boolean().default(true),
  desktop: z.boolean().default(true),
  sound: z.boolean().default(false),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /notifications/settings sends only what changed; no defaults here, or a partial save would reset the rest. */
export const notificationSettingsUpdateSchema = z.object({
  enabled: z.boolean().optional(),
  newMessage: z.boolean().optional(),
  messageStatus: z.boolean().optional(),
  filterExecution: z.boolean().optional(),
  systemAlerts: z.boolean().optional(),
  desktop: z.boolean().optional(),
  sound: z.boolean().optional(),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** GET /notifications and /notifications/unread: page 0 and size 20 by default (SPEC §9). */
export const notificationListQuerySchema = pageQuerySchema.extend({
  isRead: queryBoolean.optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** PATCH /notifications/{id}/read?isRead: marking read is the default. */
export const markNotificationReadQuerySchema = z.object({
  isRead: queryBoolean.default(true),
});

/** PATCH /notifications/bulk/read and DELETE /notifications/bulk. */
export const notificationBulkRequestSchema = z.object({
  notificationIds: z.array(z.number().int().positive()).min(1).max(NOTIFICATION_BULK_MAX),
});
export type NotificationBulkRequest = z.infer<typeof notificationBulkRequestSchema>;

/** POST /notifications/cleanup answers {affected} like the other bulk calls, and {deleted} for clients that read that name. */
export const notificationCleanupResponseSchema = affectedResponseSchema.extend({
  deleted: z.number().int().min(0),
});
export type NotificationCleanupResponse = z.infer<typeof notificationCleanupResponseSchema>;

/** POST /notifications/cleanup?daysOld: removes notifications older than that. */
export const notificationCleanupQuerySchema = z.object({
  daysOld: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_CLEANUP_MAX_DAYS)
    .default(NOTIFICATION_CLEANUP_DEFAULT_DAYS),
});
export type NotificationCleanupQuery = z.infer<typeof notificationCleanupQuerySchema>;

/** POST /notifications/test and STOMP SEND /app/test; the server fills in what is missing. */
export const notificationTestRequestSchema = z.object({
  title: z.string().trim().max(NOTIFICATION_TITLE_MAX).optional(),
  content: contentSchema.optional(),
});
export type NotificationTestRequest = z.infer<typeof notificationTestRequestSchema>;

export const notificationStatisticsSchema = z.object({
  total: z.number().int().min(0),
  unread: z.number().int().min(0),
  read: z.number().int().min(0),
  byType: z.array(z.object({ type: notificationTypeSchema, count: z.number().int().min(0) })),
  /** One entry per day, oldest first, date as YYYY-MM-DD. */
  last7Days: z.array(z.object({ date: z.string(), count: z.number().int().min(0) })),
});
export type NotificationStatistics = z.infer<typeof notificationStatisticsSchema>;
