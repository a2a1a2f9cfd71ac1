import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RealtimePush } from '../../mail/pipeline/ports.js';
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
async function notificationsPlugin(app: FastifyInstance, options: { push: RealtimePush }) {
  const service = new NotificationService(app.database, options.push);
  app.decorate('notifications', service);
  // Reading a mail reads its new-mail notification, on every tab (issue 10).
  app.messagesReadHooks.push((tx, userId, messageIds) => service.markReadForMessages(tx, userId, messageIds));
}

export default fp(notificationsPlugin, { name: 'notifications', dependencies: ['auth'] });
