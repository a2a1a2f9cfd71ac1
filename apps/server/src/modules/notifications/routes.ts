import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@postline/shared/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  affectedResponseSchema,
  countResponseSchema,
  idParamsSchema,
  pageOf,
  pageQuerySchema,
} from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import {
  createNotificationRequestSchema,
  markNotificationReadQuerySchema,
  notificationBulkRequestSchema,
  notificationListQuerySchema,
  notificationSchema,
  updateNotificationRequestSchema,
} from '@postline/shared/notifications';
import { ok } from '../../lib/envelope.js';
import type { NotificationsDeps } from './service.js';
import settingsRoutes from './settings-routes.js';

/** SPEC §7 Notifications, both clients' paths; every call is the signed-in user's own. */
/**
 * The language to show notifications in: the one the app asks in (its screens show it), else the
 * account's (a script that names none), so each stored text reads in the reader's (issue 34).
 */
function readerLanguage(request: FastifyRequest): Language | undefined {
  return request.headers['accept-language'] ? request.lang : undefined;
}

export default async function notificationRoutes(app: FastifyInstance, { service }: NotificationsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const preHandler = [app.authenticate];
  const page = envelopeOf(pageOf(notificationSchema));
  const one = envelopeOf(notificationSchema);
  const affected = envelopeOf(affectedResponseSchema);
  const unreadCount = envelopeOf(countResponseSchema);

  r.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Notifications, newest first (page 0, size 20 by default)',
        querystring: notificationListQuerySchema,
        response: { 200: page },
      },
      preHandler,
    },
    async (request) => ok(await service.list(request.user.id, request.query, readerLanguage(request))),
  );

  r.get(
    '/notifications/unread',
    {
      schema: {
        tags,
        summary: 'Unread notifications, newest first',
        querystring: pageQuerySchema,
        response: { 200: page },
      },
      preHandler,
    },
    async (request) =>
      ok(await service.list(request.user.id, { ...request.query, isRead: false }, readerLanguage(request))),
  );

  for (const url of ['/notifications/count/unread', '/notifications/unread-count']) {
    r.get(
      url,
      {
        schema: { tags, summary: 'How many notifications are unread', response: { 200: unreadCount } },
        preHandler,
      },
      async (request) => ok({ count: await service.unreadCount(request.user.id) }),
    );
  }

  r.get(
    '/notifications/:id',
    {
      schema: { tags, summary: 'One notification', params: idParamsSchema, response: { 200: one } },
      preHandler,
    },
    async (request) => ok(await service.get(request.user.id, request.params.id, readerLanguage(request))),
  );

  r.post(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Create a notification for oneself (pushed like any other)',
        body: createNotificationRequestSchema,
        response: { 200: one },
      },
      preHandler,
    },
    async (request) => ok(await service.create(request.user.id, request.body, readerLanguage(request))),
  );

  r.put(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Change the fields sent',
        params: idParamsSchema,
        body: updateNotificationRequestSchema,
        response: { 200: one },
      },
      preHandler,
    },
    async (request) =>
      ok(await service.update(request.user.id, request.params.id, request.body, readerLanguage(request))),
  );

  r.delete(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Delete a notification',
        params: idParamsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
      preHandler,
    },
    async (request) => {
      await service.remove(request.user.id, request.params.id);
      return ok(null);
    },
  );

  r.patch(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark read (isRead=true, the default; sets readAt) or unread (clears readAt)',
        params: idParamsSchema,
        querystring: markNotificationReadQuerySchema,
        response: { 200: one },
      },
      preHandler,
    },
    async (request) =>
      ok(
        await service.setRead(
          request.user.id,
          request.params.id,
          request.query.isRead,
          readerLanguage(request),
        ),
      ),
  );

  r.patch(
    '/notifications/bulk/read',
    {
      schema: {
        tags,
        summary: 'Mark these read',
        body: notificationBulkRequestSchema,
        response: { 200: affected },
      },
      preHandler,
    },
    async (request) =>
      ok({ affected: await service.markRead(request.user.id, request.body.notificationIds) }),
  );

  r.patch(
    '/notifications/all/read',
    { schema: { tags, summary: 'Mark every notification read', response: { 200: affected } }, preHandler },
    async (request) => ok({ affected: await service.markAllRead(request.user.id) }),
  );

  r.delete(
    '/notifications/bulk',
    {
      schema: {
        tags,
        summary: 'Delete these',
        body: notificationBulkRequestSchema,
        response: { 200: affected },
      },
      preHandler,
    },
    async (request) =>
      ok({ affected: await service.removeMany(request.user.id, request.body.notificationIds) }),
  );

  await app.register(settingsRoutes, { service });
}
