import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affectedResponseSchema, idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import { activeQuerySchema } from '@postline/shared/request-fields';
import {
  templateBulkActiveRequestSchema,
  templateBulkCategoryRequestSchema,
  templateBulkDeleteRequestSchema,
  templateCopyRequestSchema,
  templateRequestSchema,
} from '@postline/shared/template-requests';
import { templateListQuerySchema, templatePageSchema, templateSchema } from '@postline/shared/templates';
import { ok } from '../../lib/envelope.js';
import categoryRoutes from './category-routes.js';
import { recordSentFields, wasSent } from '../../lib/sent-fields.js';
import { TemplateService } from './template-service.js';
import templateUseRoutes from './use-routes.js';
import { viewerOf } from '../../lib/viewer.js';

/** SPEC §7 Templates: CRUD, active flags and bulk calls; the rest in use-routes and category-routes. */
export default async function templateRoutes(app: FastifyInstance) {
  const service = new TemplateService(app.database);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const preHandler = [app.authenticate];

  await app.register(categoryRoutes);
  await app.register(templateUseRoutes, { service });

  r.get(
    '/templates',
    {
      schema: {
        tags,
        summary: 'Own and shared templates, paged (isActive, category, categoryId filters)',
        querystring: templateListQuerySchema,
        response: { 200: envelopeOf(templatePageSchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.list(viewerOf(request), request.query)),
  );

  r.get(
    '/templates/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(templateSchema) } }, preHandler },
    async (request) => ok(await service.get(viewerOf(request), request.params.id)),
  );

  r.post(
    '/templates',
    {
      schema: { tags, body: templateRequestSchema, response: { 201: envelopeOf(templateSchema) } },
      preHandler,
    },
    async (request, reply) => reply.code(201).send(ok(await service.create(viewerOf(request), request.body))),
  );

  r.put(
    '/templates/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: templateRequestSchema,
        response: { 200: envelopeOf(templateSchema) },
      },
      preValidation: recordSentFields,
      preHandler,
    },
    async (request) =>
      ok(
        await service.update(viewerOf(request), request.params.id, request.body, (field) =>
          wasSent(request, field),
        ),
      ),
  );

  r.delete(
    '/templates/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(z.null()) } }, preHandler },
    async (request) => {
      await service.delete(viewerOf(request), request.params.id);
      return ok(null);
    },
  );

  r.patch(
    '/templates/:id/active',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: activeQuerySchema,
        response: { 200: envelopeOf(templateSchema) },
      },
      preHandler,
    },
    async (request) =>
      ok(await service.setActive(viewerOf(request), request.params.id, request.query.isActive)),
  );

  r.post(
    '/templates/:id/copy',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: templateCopyRequestSchema.nullish(),
        response: { 201: envelopeOf(templateSchema) },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.code(201).send(ok(await service.copy(viewerOf(request), request.params.id, request.body?.name))),
  );

  r.patch(
    '/templates/bulk/active',
    {
      schema: {
        tags,
        body: templateBulkActiveRequestSchema,
        response: { 200: envelopeOf(affectedResponseSchema) },
      },
      preHandler,
    },
    async (request) => {
      const { templateIds, isActive } = request.body;
      return ok({ affected: await service.bulkActive(viewerOf(request), templateIds, isActive) });
    },
  );

  r.patch(
    '/templates/bulk/category',
    {
      schema: {
        tags,
        body: templateBulkCategoryRequestSchema,
        response: { 200: envelopeOf(affectedResponseSchema) },
      },
      preHandler,
    },
    async (request) => {
      const { templateIds, ...choice } = request.body;
      return ok({ affected: await service.bulkCategory(viewerOf(request), templateIds, choice) });
    },
  );

  r.delete(
    '/templates/bulk',
    {
      schema: {
        tags,
        body: templateBulkDeleteRequestSchema,
        response: { 200: envelopeOf(affectedResponseSchema) },
      },
      preHandler,
    },
    async (request) =>
      ok({ affected: await service.bulkDelete(viewerOf(request), request.body.templateIds) }),
  );
}
