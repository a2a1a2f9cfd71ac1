import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import {
  filterBulkStatusRequestSchema,
  filterDtoSchema,
  filterMetadataSchema,
  filterPriorityUpdateSchema,
  filterStatisticsSchema,
} from '@postline/shared/filters';
import { ok } from '../../lib/envelope.js';
import { buildFilterMetadata } from './engine/describe.js';
import { serverFilterRequestSchema } from './engine/request-schema.js';
import type { FilterService } from './service.js';
import { filterStatistics } from './statistics.js';
import { readerTimeZone } from '../../lib/time-zone.js';

/** SPEC §7 Filters: metadata, list, CRUD, priority, bulk status, statistics. */
export default async function filterRoutes(app: FastifyInstance, options: { service: FilterService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['filters'];
  const preHandler = [app.authenticate];

  r.get(
    '/filters/metadata',
    {
      schema: {
        tags,
        summary: 'Condition types, operators and action types, labelled in the request language',
        response: { 200: envelopeOf(filterMetadataSchema) },
      },
      preHandler,
    },
    async (request) => ok(buildFilterMetadata(request.lang)),
  );

  r.get(
    '/filters',
    {
      schema: {
        tags,
        summary: "The user's filters in priority order",
        response: { 200: envelopeOf(z.array(filterDtoSchema)) },
      },
      preHandler,
    },
    async (request) => ok(await service.list(request.user.id)),
  );

  r.get(
    '/filters/statistics',
    { schema: { tags, response: { 200: envelopeOf(filterStatisticsSchema) } }, preHandler },
    async (request) =>
      ok(await filterStatistics(app.database.db, request.user.id, new Date(), readerTimeZone(request))),
  );

  r.get(
    '/filters/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(filterDtoSchema) } }, preHandler },
    async (request) => ok(await service.get(request.user.id, request.params.id)),
  );

  r.post(
    '/filters',
    {
      schema: {
        tags,
        summary: 'Create a filter (conditions/actions or the older criteria shape); it runs last',
        body: serverFilterRequestSchema,
        response: { 201: envelopeOf(filterDtoSchema) },
      },
      preHandler,
    },
    async (request, reply) => reply.code(201).send(ok(await service.create(request.user.id, request.body))),
  );

  r.put(
    '/filters/priority',
    {
      schema: {
        tags,
        summary: 'Reorder: [{filterId, newPriority}]; priorities become 1..n',
        body: filterPriorityUpdateSchema,
        response: { 200: envelopeOf(z.array(filterDtoSchema)) },
      },
      preHandler,
    },
    async (request) => ok(await service.reorder(request.user.id, request.body)),
  );

  r.put(
    '/filters/status',
    {
      schema: {
        tags,
        summary: 'Switch several filters on or off',
        body: filterBulkStatusRequestSchema,
        response: { 200: envelopeOf(z.array(filterDtoSchema)) },
      },
      preHandler,
    },
    async (request) =>
      ok(await service.setStatus(request.user.id, request.body.filterIds, request.body.isActive)),
  );

  r.put(
    '/filters/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: serverFilterRequestSchema,
        response: { 200: envelopeOf(filterDtoSchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.update(request.user.id, request.params.id, request.body)),
  );

  r.delete(
    '/filters/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(z.null()) } }, preHandler },
    async (request) => {
      await service.remove(request.user.id, request.params.id);
      return ok(null);
    },
  );
}
