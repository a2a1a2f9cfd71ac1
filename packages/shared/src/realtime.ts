import { z } from 'zod';
import { REALTIME_HEARTBEAT_MS } from './limits.js';
import { notificationSchema, notificationTestRequestSchema } from './notifications.js';

/** Real-time contract: STOMP 1.2 over SockJS (SPEC §7 Real-time, DESIGN.md "Auth"). */

export const SOCKJS_PATH = '/ws';

/** The client subscribes here; the server resolves it to the signed-in user's own queue. */
export const USER_NOTIFICATIONS_QUEUE = '/user/queue/notifications';
/** Sent once after CONNECTED with an empty object. */
export const APP_CONNECT = '/app/connect';
/** Asks the server to create a test notification ({title, content}). */
export const APP_TEST = '/app/test';

/** Both directions offer this heart-beat (SPEC §9). */
export const HEARTBEAT_MS = REALTIME_HEARTBEAT_MS;

/** Limits on frames a client sends (STOMP 1.2 "Size Limits"). */
export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_HEADERS = 32;
/** Longest header line, name and value together, in UTF-8 bytes. */
export const MAX_HEADER_LENGTH = 1024;

/** The explicit per-user form a client may subscribe to instead of USER_NOTIFICATIONS_QUEUE. */
export function userNotificationsQueueOf(userId: number | string): string {
  return `/user/${userId}/queue/notifications`;
}

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

/** The port the server listens on by default; a page on localhost is taken to be the dev server. */
export const LOCAL_SERVER_ORIGIN = 'http://localhost:8082';

/** The parts of `window.location` the rule needs. */
export interface PageLocation {
  protocol: string;
  host: string;
  hostname: string;
}

/**
 * SockJS endpoint URL (SPEC §7): a page on localhost talks to localhost:8082, any other page to its
 * own protocol and host. SockJS wants http(s) URLs; it picks ws(s) itself.
 */
export function realtimeUrl(location: PageLocation): string {
  if (location.hostname === 'localhost') return `${LOCAL_SERVER_ORIGIN}${SOCKJS_PATH}`;
  return `${location.protocol}//${location.host}${SOCKJS_PATH}`;
}
