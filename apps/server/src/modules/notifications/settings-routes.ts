import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf } from '@postline/shared/envelope';
import {
  notificationCleanupQuerySchema,
  notificationCleanupResponseSchema,
  notificationSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationStatisticsSchema,
  notificationTestRequestSchema,
} from '@postline/shared/notifications';
import { ok } from '../../lib/envelope.js';
import type { NotificationsDeps } from './service.js';
import { notificationStatistics } from './statistics.js';

/** Test notifications per user per minute: enough for a person pressing the button, not for a script. */
const TEST_PER_MINUTE = 30;

/** Settings, statistics, cleanup and the test button. */
export default async function settingsRoutes(app: FastifyInstance, { service }: NotificationsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const preHandler = [app.authenticate];
  const settings = envelopeOf(notificationSettingsSchema);

  r.get(
    '/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Notification settings (the defaults until first saved)',
        response: { 200: settings },
      },
      preHandler,
    },
    async (request) => ok(await service.settingsOf(request.user.id)),
  );

  r.put(
    '/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Save the settings sent; the others keep their value',
        body: notificationSettingsUpdateSchema,
        response: { 200: settings },
      },
      preHandler,
    },
    async (request) => ok(await service.updateSettings(request.user.id, request.body)),
  );

  r.get(
    '/notifications/statistics',
    {
      schema: {
        tags,
        summary: 'Totals, per type and per day (UTC) of the last 7 days',
        response: { 200: envelopeOf(notificationStatisticsSchema) },
      },
      preHandler,
    },
    async (request) => ok(await notificationStatistics(app.database.db, request.user.id)),
  );

  r.post(
    '/notifications/cleanup',
    {
      schema: {
        tags,
        summary: 'Delete notifications older than daysOld days (default 30), read or not',
        querystring: notificationCleanupQuerySchema,
        response: { 200: envelopeOf(notificationCleanupResponseSchema) },
      },
      preHandler,
    },
    async (request) => {
      const deleted = await service.cleanup(request.user.id, request.query.daysOld);
      return ok({ affected: deleted, deleted });
    },
  );

  r.post(
    '/notifications/test',
    {
      schema: {
        tags,
        summary: 'Create a test notification, delivered over the socket too',
        body: notificationTestRequestSchema.optional(),
        response: { 200: envelopeOf(notificationSchema) },
      },
      preHandler: [
        app.authenticate,
        app.rateLimit({
          max: TEST_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `notification-test:${request.user?.id ?? request.ip}`,
        }),
      ],
    },
    async (request) => {
      const notification = await service.sendTest(request.user.id, request.body ?? {});
      // Only a user deleted meanwhile gets no notification; their token is then useless anyway.
      if (!notification) throw new Error('test notification was not written');
      return ok(notification);
    },
  );
}
