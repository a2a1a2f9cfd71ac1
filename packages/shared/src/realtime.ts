import { z } from 'zod';
import { notificationSchema, notificationTestRequestSchema } from './notifications.js';

/** Real-time contract: STOMP 1.2 over SockJS (SPEC §7 Real-time, DESIGN.md "Auth"). */

// Paths, limits and the socket's address, without zod for the web app (issue 17).
export * from './realtime-paths.js';

/** Body of SEND /app/connect: an empty object; extra keys are ignored. */
export const appConnectBodySchema = z.object({});
/** Body of SEND /app/test. */
export const appTestBodySchema = notificationTestRequestSchema;

/**
 * A MESSAGE on USER_NOTIFICATIONS_QUEUE carries one notification exactly as GET /notifications
 * presents it, so REST and push share one shape and one presenter.
 */
export const notificationPushSchema = notificationSchema;
export type NotificationPush = z.infer<typeof notificationPushSchema>;

/**
 * A MESSAGE on USER_NOTIFICATIONS_QUEUE saying notifications were marked read (one, some, or all),
 * on whichever tab or device: every open tab updates its list and badge from it.
 */
export const notificationsReadPushSchema = z.object({
  kind: z.literal('read'),
  ids: z.array(z.number().int()),
  /** Every notification of the user is read now (PATCH /notifications/all/read). */
  all: z.boolean(),
  readAt: z.string(),
  /** The user's unread count after the change: the badge takes it as it is. */
  unreadCount: z.number().int().min(0),
});
export type NotificationsReadPush = z.infer<typeof notificationsReadPushSchema>;

/**
 * A MESSAGE on USER_NOTIFICATIONS_QUEUE saying a mail was delivered to the user, whatever their
 * notification settings: open lists, counts and the dashboard reload from it.
 */
export const mailArrivedPushSchema = z.object({
  kind: z.literal('mail'),
  messageId: z.number().int(),
  mailboxId: z.number().int(),
});
export type MailArrivedPush = z.infer<typeof mailArrivedPushSchema>;

/** Everything the server pushes on USER_NOTIFICATIONS_QUEUE. */
export const realtimePushSchema = z.union([
  notificationsReadPushSchema,
  mailArrivedPushSchema,
  notificationPushSchema,
]);
export type RealtimePush = z.infer<typeof realtimePushSchema>;
