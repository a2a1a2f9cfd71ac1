import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affectedResponseSchema, idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import { activeQuerySchema } from '@postline/shared/request-fields';
import {
  signatureBulkActiveRequestSchema,
  signatureBulkDeleteRequestSchema,
  signatureCopyRequestSchema,
  signatureListQuerySchema,
  signaturePageSchema,
  signatureRequestSchema,
  signatureSchema,
  signatureTypeParamsSchema,
} from '@postline/shared/signatures';
import { ok } from '../../lib/envelope.js';
import { recordSentFields, wasSent } from '../../lib/sent-fields.js';
import { viewerOf } from '../../lib/viewer.js';
import extraRoutes from './extra-routes.js';
import { SignatureService } from './service.js';

/** SPEC §7 Signatures, both readings; templates, preview, statistics in extra-routes. */
export default async function signatureRoutes(app: FastifyInstance) {
  const service = new SignatureService(app.database);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signatures'];
  const preHandler = [app.authenticate];
  const one = { 200: envelopeOf(signatureSchema) };
  const created = { 201: envelopeOf(signatureSchema) };

  await app.register(extraRoutes, { service });

  r.get(
    '/signatures',
    {
      schema: {
        tags,
        querystring: signatureListQuerySchema,
        response: { 200: envelopeOf(signaturePageSchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.list(viewerOf(request), request.query)),
  );

  r.get(
    '/signatures/default',
    { schema: { tags, summary: 'The default signature; 404 when there is none', response: one }, preHandler },
    async (request) => ok(await service.getDefault(viewerOf(request))),
  );

  r.get(
    '/signatures/type/:type',
    {
      schema: {
        tags,
        params: signatureTypeParamsSchema,
        response: { 200: envelopeOf(z.array(signatureSchema)) },
      },
      preHandler,
    },
    async (request) => ok(await service.byType(viewerOf(request), request.params.type)),
  );

  r.get(
    '/signatures/:id',
    { schema: { tags, params: idParamsSchema, response: one }, preHandler },
    async (request) => ok(await service.get(viewerOf(request), request.params.id)),
  );

  r.post(
    '/signatures',
    { schema: { tags, body: signatureRequestSchema, response: created }, preHandler },
    async (request, reply) => reply.code(201).send(ok(await service.create(viewerOf(request), request.body))),
  );

  r.put(
    '/signatures/:id',
    {
      schema: { tags, params: idParamsSchema, body: signatureRequestSchema, response: one },
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
    '/signatures/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(z.null()) } }, preHandler },
    async (request) => {
      await service.delete(viewerOf(request), request.params.id);
      return ok(null);
    },
  );

  for (const [method, path] of [
    ['PATCH', '/signatures/:id/default'],
    ['POST', '/signatures/:id/set-default'],
  ] as const) {
    r.route({
      method,
      url: path,
      schema: {
        tags,
        summary: 'Make this the only default signature',
        params: idParamsSchema,
        response: one,
      },
      preHandler,
      handler: async (request) => ok(await service.setDefault(viewerOf(request), request.params.id)),
    });
  }

  r.patch(
    '/signatures/:id/active',
    { schema: { tags, params: idParamsSchema, querystring: activeQuerySchema, response: one }, preHandler },
    async (request) =>
      ok(await service.setActive(viewerOf(request), request.params.id, request.query.isActive)),
  );

  r.patch(
    '/signatures/bulk/active',
    {
      schema: {
        tags,
        body: signatureBulkActiveRequestSchema,
        response: { 200: envelopeOf(affectedResponseSchema) },
      },
      preHandler,
    },
    async (request) => {
      const { signatureIds, isActive } = request.body;
      return ok({ affected: await service.bulkActive(viewerOf(request), signatureIds, isActive) });
    },
  );

  r.delete(
    '/signatures/bulk',
    {
      schema: {
        tags,
        body: signatureBulkDeleteRequestSchema,
        response: { 200: envelopeOf(affectedResponseSchema) },
      },
      preHandler,
    },
    async (request) =>
      ok({ affected: await service.bulkDelete(viewerOf(request), request.body.signatureIds) }),
  );

  for (const path of ['/signatures/:id/copy', '/signatures/:id/duplicate']) {
    r.post(
      path,
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: signatureCopyRequestSchema.nullish(),
          response: created,
        },
        preHandler,
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(ok(await service.copy(viewerOf(request), request.params.id, request.body?.name))),
    );
  }
}
