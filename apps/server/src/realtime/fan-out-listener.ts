import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from '@postline/shared/notifications';
import { USER_NOTIFICATIONS_QUEUE } from '@postline/shared/realtime';
import type { Database } from '../db/client.js';
import { decodeNotificationEvent, NOTIFICATIONS_CHANNEL, SESSION_REVOKED_CHANNEL } from './fan-out.js';
import type { SessionRegistry } from './stomp/registry.js';

export interface FanOutDependencies {
  database: Database;
  registry: SessionRegistry;
  /** Loads a notification whose payload was too large for NOTIFY; undefined if it is gone. */
  load(userId: number, id: number): Promise<Notification | undefined>;
  log: FastifyBaseLogger;
}

/**
 * This node's end of the fan-out: every committed notification and every revoked refresh family,
 * from whichever node wrote it, reaches the sockets this node holds. Answers the unsubscribe.
 */
export async function listenForFanOut({
  database,
  registry,
  load,
  log,
}: FanOutDependencies): Promise<() => Promise<void>> {
  const stopNotifications = await database.listen(NOTIFICATIONS_CHANNEL, (payload) => {
    const event = decodeNotificationEvent(payload);
    // Most nodes hold none of this user's sockets: they stop here without touching the database.
    if (!event || registry.countForUser(event.userId) === 0) return;
    if ('notification' in event) {
      registry.pushToUser(event.userId, USER_NOTIFICATIONS_QUEUE, event.notification);
      return;
    }
    if ('read' in event) {
      registry.pushToUser(event.userId, USER_NOTIFICATIONS_QUEUE, event.read);
      return;
    }
    if ('mail' in event) {
      registry.pushToUser(event.userId, USER_NOTIFICATIONS_QUEUE, event.mail);
      return;
    }
    load(event.userId, event.id)
      .then((notification) => {
        if (notification) registry.pushToUser(event.userId, USER_NOTIFICATIONS_QUEUE, notification);
      })
      .catch((error: unknown) =>
        log.warn({ err: error, id: event.id }, 'could not load a notification to push'),
      );
  });
  const stopRevocations = await database.listen(SESSION_REVOKED_CHANNEL, (sessionId) => {
    if (sessionId) registry.revokeFamily(sessionId);
  });
  return async () => {
    await stopNotifications();
    await stopRevocations();
  };
}
