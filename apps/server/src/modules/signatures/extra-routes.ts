import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import {
  signatureFromTemplateRequestSchema,
  signaturePreviewRequestSchema,
  signaturePreviewResponseSchema,
  signatureSchema,
  signatureStatisticsSchema,
  signatureTemplateSchema,
  signatureTemplatesQuerySchema,
} from '@postline/shared/signatures';
import { ok } from '../../lib/envelope.js';
import { viewerOf } from '../../lib/viewer.js';
import type { SignatureService } from './service.js';
import { SignatureComposer } from './signature-templates.js';

/** Preview, ready-made signature templates and statistics. */
export default async function signatureExtraRoutes(
  app: FastifyInstance,
  options: { service: SignatureService },
) {
  const { service } = options;
  const composer = new SignatureComposer(app.database, service);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signatures'];
  const preHandler = [app.authenticate];

  r.post(
    '/signatures/preview',
    {
      schema: {
        tags,
        summary: '{{variables}} filled (name and email from the account), then sanitised',
        body: signaturePreviewRequestSchema,
        response: { 200: envelopeOf(signaturePreviewResponseSchema) },
      },
      preHandler,
    },
    async (request) =>
      ok({ html: await composer.preview(viewerOf(request), request.body.content, request.body.variables) }),
  );

  r.get(
    '/signatures/templates',
    {
      schema: {
        tags,
        querystring: signatureTemplatesQuerySchema,
        response: { 200: envelopeOf(z.array(signatureTemplateSchema)) },
      },
      preHandler,
    },
    async (request) => ok(composer.templates(viewerOf(request), request.query.category)),
  );

  r.post(
    '/signatures/templates/:id/create',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: signatureFromTemplateRequestSchema,
        response: { 201: envelopeOf(signatureSchema) },
      },
      preHandler,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await composer.createFromTemplate(viewerOf(request), request.params.id, request.body))),
  );

  r.get(
    '/signatures/statistics',
    { schema: { tags, response: { 200: envelopeOf(signatureStatisticsSchema) } }, preHandler },
    async (request) => ok(await service.statistics(viewerOf(request))),
  );
}
