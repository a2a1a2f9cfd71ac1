import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyDelivered } from './events.js';
import { NotificationService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes notifications in the recipient's language and pushes them after commit (issue 7). */
    notifications: NotificationService;
  }
}

/**
 * The service for the whole app (routes, delivery, real-time), registered at the root so the
 * real-time endpoint and other areas reach `app.notifications`.
 */
async function notificationsPlugin(app: FastifyInstance) {
  const service = new NotificationService(app.database);
  app.decorate('notifications', service);
  // Reading a mail reads its new-mail notification, on every tab (issue 10).
  app.messagesReadHooks.push((tx, userId, messageIds) => service.markReadForMessages(tx, userId, messageIds));
  app.deliveryHooks.stored.push(async (tx, ctx, message) => {
    // In a savepoint: a notification that cannot be written must never cost the user the mail itself.
    try {
      await tx.transaction((savepoint) => notifyDelivered(service, savepoint, ctx, message));
    } catch (error) {
      app.log.error(
        { err: error, userId: ctx.userId, messageId: message.id },
        'new-mail notification not written',
      );
    }
  });
}

export default fp(notificationsPlugin, { name: 'notifications', dependencies: ['auth'] });
