import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import { filterApplyResultSchema } from '@postline/shared/filter-answers';
import {
  filterCopyRequestSchema,
  filterDtoSchema,
  filterPreviewSchema,
  filterTestRequestSchema,
  filterTestResultSchema,
} from '@postline/shared/filters';
import { ok } from '../../lib/envelope.js';
import { previewFilter } from './preview.js';
import type { FilterRunService } from './run-service.js';
import { messageIdParamsSchema } from './schema.js';
import type { FilterService } from './service.js';

/** Test, apply now and copy (SPEC §7 Filters; DESIGN.md 6 for the test body). */
export default async function filterRunRoutes(
  app: FastifyInstance,
  options: { service: FilterService; runs: FilterRunService },
) {
  const { service, runs } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['filters'];
  const preHandler = [app.authenticate];

  r.post(
    '/filters/:id/test',
    {
      schema: {
        tags,
        summary: 'Test a saved filter against {messageId} or an inline {message}; nothing changes',
        params: idParamsSchema,
        body: filterTestRequestSchema,
        response: { 200: envelopeOf(filterTestResultSchema) },
      },
      preHandler,
    },
    async (request) => ok(await runs.test(request.user.id, request.params.id, request.body, request.lang)),
  );

  r.get(
    '/filters/:id/preview',
    {
      schema: {
        tags,
        summary:
          'The saved filter on the newest Inbox mail (the sample set for a user with none); nothing changes',
        params: idParamsSchema,
        response: { 200: envelopeOf(filterPreviewSchema) },
      },
      preHandler,
    },
    async (request) =>
      ok(await previewFilter(app.database.db, request.user.id, request.params.id, request.lang)),
  );

  r.post(
    '/filters/apply/:messageId',
    {
      schema: {
        tags,
        summary: "Run the user's active filters on one stored message now",
        params: messageIdParamsSchema,
        response: { 200: envelopeOf(filterApplyResultSchema) },
      },
      preHandler,
    },
    async (request) => ok(await runs.applyToMessage(request.user.id, request.params.messageId, request.lang)),
  );

  r.post(
    '/filters/:id/copy',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: filterCopyRequestSchema.nullish(),
        response: { 201: envelopeOf(filterDtoSchema) },
      },
      preHandler,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await service.copy(request.user.id, request.params.id, request.body?.name, request.lang))),
  );
}
