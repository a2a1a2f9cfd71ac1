import type { Notification } from './notifications.js';
import type { MailArrivedPush, NotificationsReadPush, RealtimePush } from './realtime.js';

/*
 * Reads what arrives on USER_NOTIFICATIONS_QUEUE in the browser without zod (issue 17: zod is
 * 22 kB the signed-in pages need nowhere else). The server's pushes are checked against
 * realtimePushSchema by its contract tests; this checks what the web app reads of each shape, and
 * test/realtime-push.test.ts keeps the two in agreement.
 */

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown) => value === null || isText(value);
const isIntOrNull = (value: unknown) => value === null || isInt(value);

function isMailArrived(body: Fields): body is MailArrivedPush & Fields {
  return body.kind === 'mail' && isInt(body.messageId) && isInt(body.mailboxId);
}

function isRead(body: Fields): body is NotificationsReadPush & Fields {
  return (
    body.kind === 'read' &&
    Array.isArray(body.ids) &&
    body.ids.every(isInt) &&
    typeof body.all === 'boolean' &&
    isText(body.readAt) &&
    isInt(body.unreadCount) &&
    body.unreadCount >= 0
  );
}

function isNotification(body: Fields): body is Notification & Fields {
  return (
    isInt(body.id) &&
    isText(body.type) &&
    isText(body.title) &&
    isText(body.content) &&
    isText(body.message) &&
    typeof body.isRead === 'boolean' &&
    isTextOrNull(body.readAt) &&
    isText(body.createdAt) &&
    isTextOrNull(body.referenceType) &&
    isIntOrNull(body.referenceId) &&
    isObject(body.data)
  );
}

/** The push, or null for a body of no known shape (dropped, as a malformed frame is). */
export function readRealtimePush(body: unknown): RealtimePush | null {
  if (!isObject(body)) return null;
  if ('kind' in body) return isMailArrived(body) || isRead(body) ? body : null;
  return isNotification(body) ? body : null;
}
