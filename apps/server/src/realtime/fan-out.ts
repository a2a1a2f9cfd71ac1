import { sql } from 'drizzle-orm';
import type { Notification } from '@postline/shared/notifications';
import type { MailArrivedPush, NotificationsReadPush } from '@postline/shared/realtime';
import type { Queryable } from '../db/client.js';
import type { RealtimePush } from '../mail/pipeline/ports.js';

/**
 * The LISTEN/NOTIFY channels every node shares (DESIGN.md "Data and mail flow"). A node that holds
 * a user's sockets pushes what arrives here to them; the others ignore it.
 */
export const NOTIFICATIONS_CHANNEL = 'postline_notifications';
/** A refresh family revoked on one node must close its sockets on every node. */
export const SESSION_REVOKED_CHANNEL = 'postline_session_revoked';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; leave room for the envelope. */
export const MAX_INLINE_PAYLOAD_BYTES = 7000;

export type NotificationEvent =
  | { userId: number; notification: Notification }
  /** Notifications marked read: every tab of the user updates its list and badge. */
  | { userId: number; read: NotificationsReadPush }
  /** A mail was delivered: open lists reload, whether or not a notification was written. */
  | { userId: number; mail: MailArrivedPush }
  /** Too large to carry: each node with sockets for the user loads it by id. */
  | { userId: number; id: number };

export function encodeNotificationEvent(userId: number, notification: Notification): string {
  const inline = JSON.stringify({ userId, notification });
  if (Buffer.byteLength(inline, 'utf8') <= MAX_INLINE_PAYLOAD_BYTES) return inline;
  return JSON.stringify({ userId, id: notification.id });
}

/** A payload from the channel, or null when it is not ours (another version, a stray NOTIFY). */
export function decodeNotificationEvent(payload: string): NotificationEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  if (!Number.isInteger(event.userId)) return null;
  const userId = event.userId as number;
  if (typeof event.notification === 'object' && event.notification !== null) {
    return { userId, notification: event.notification as Notification };
  }
  if (typeof event.read === 'object' && event.read !== null) {
    return { userId, read: event.read as NotificationsReadPush };
  }
  if (typeof event.mail === 'object' && event.mail !== null) {
    return { userId, mail: event.mail as MailArrivedPush };
  }
  if (Number.isInteger(event.id)) return { userId, id: event.id as number };
  return null;
}

/**
 * Queues pushes inside the writing transaction, in order and in one statement: PostgreSQL (and
 * PGlite) deliver a NOTIFY only when that transaction commits and drop it on rollback (of a
 * savepoint too), so no socket hears of a row that was never stored, and the message reaches
 * every node's LISTEN connection after the commit. `payloads` come from the encoders here.
 */
export async function publishEvents(tx: Queryable, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  const calls = payloads.map((payload) => sql`pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`);
  await tx.execute(sql`SELECT ${sql.join(calls, sql`, `)}`);
}

/** Notifications marked read, for publishEvents; a long id list is cut to `all`. */
export function encodeNotificationsReadEvent(
  userId: number,
  read: Omit<NotificationsReadPush, 'kind'>,
): string {
  let body: NotificationsReadPush = { kind: 'read', ...read };
  if (Buffer.byteLength(JSON.stringify({ userId, read: body }), 'utf8') > MAX_INLINE_PAYLOAD_BYTES) {
    // Too many ids to carry: the tabs reload their lists; the count is exact either way.
    body = { ...body, ids: [], all: read.unreadCount === 0 };
  }
  return JSON.stringify({ userId, read: body });
}

/** Tells the user's open tabs, on every node, that a mail was delivered (published with publishEvents). */
export function encodeMailArrivedEvent(userId: number, mail: Omit<MailArrivedPush, 'kind'>): string {
  const body: MailArrivedPush = { kind: 'mail', ...mail };
  return JSON.stringify({ userId, mail: body });
}

/** Real time as delivery and the notifications publish through it (mail/pipeline/ports.ts). */
export const fanOutPush: RealtimePush = {
  mailArrived: encodeMailArrivedEvent,
  notification: encodeNotificationEvent,
  notificationsRead: encodeNotificationsReadEvent,
  publish: publishEvents,
};
