import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import { templateCategoryRequestSchema } from '@postline/shared/template-requests';
import {
  templateCategorySchema,
  templateListQuerySchema,
  templatePageSchema,
} from '@postline/shared/templates';
import { ok } from '../../lib/envelope.js';
import { CategoryService } from './category-service.js';
import { viewerOf } from '../../lib/viewer.js';

/** The category-based reading of SPEC §7 Templates. */
export default async function categoryRoutes(app: FastifyInstance) {
  const service = new CategoryService(app.database);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['template categories'];
  const preHandler = [app.authenticate];

  r.get(
    '/templates/categories',
    { schema: { tags, response: { 200: envelopeOf(z.array(templateCategorySchema)) } }, preHandler },
    async (request) => ok(await service.list(viewerOf(request))),
  );

  r.post(
    '/templates/categories',
    {
      schema: {
        tags,
        body: templateCategoryRequestSchema,
        response: { 201: envelopeOf(templateCategorySchema) },
      },
      preHandler,
    },
    async (request, reply) => reply.code(201).send(ok(await service.create(viewerOf(request), request.body))),
  );

  r.put(
    '/templates/categories/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: templateCategoryRequestSchema,
        response: { 200: envelopeOf(templateCategorySchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.update(viewerOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/templates/categories/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(z.null()) } }, preHandler },
    async (request) => {
      await service.delete(viewerOf(request), request.params.id);
      return ok(null);
    },
  );

  r.get(
    '/templates/categories/:id/templates',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: templateListQuerySchema,
        response: { 200: envelopeOf(templatePageSchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.templates(viewerOf(request), request.params.id, request.query)),
  );
}
