import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import {
  templateExportSchema,
  templatePreviewRequestSchema,
  templateUseRequestSchema,
} from '@postline/shared/template-requests';
import {
  popularTemplatesQuerySchema,
  systemVariablesResponseSchema,
  templatePageSchema,
  templateResultSchema,
  templateImportResponseSchema,
  templateSchema,
  templateSearchQuerySchema,
  templateStatisticsSchema,
  templateVariablesResponseSchema,
} from '@postline/shared/templates';
import { ok } from '../../lib/envelope.js';
import { systemVariablesQuerySchema } from './schema.js';
import type { TemplateService } from './template-service.js';
import { TemplateTransfer } from './template-transfer.js';
import { TemplateUse } from './template-use.js';
import { viewerOf } from '../../lib/viewer.js';

/** Characters a file name must not carry; control characters must not reach a header. */
// eslint-disable-next-line no-control-regex -- see above
const UNSAFE_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** A file name safe in a header: the template's name where it is plain, its id otherwise. */
function exportFileName(name: string, id: number): { ascii: string; utf8: string } {
  const base = name.replace(UNSAFE_FILE_NAME, ' ').trim().slice(0, 80) || `template-${id}`;
  const ascii = /^[\x20-\x7e]+$/.test(base) ? base : `template-${id}`;
  return { ascii: `${ascii.replace(/["\\]/g, '')}.json`, utf8: `${encodeURIComponent(base)}.json` };
}

/** Using templates (preview, apply, use), their variables, export/import, popular, search, statistics. */
export default async function templateUseRoutes(app: FastifyInstance, options: { service: TemplateService }) {
  const { service } = options;
  const use = new TemplateUse(app.database, service);
  const transfer = new TemplateTransfer(app.database, service);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const preHandler = [app.authenticate];

  r.post(
    '/templates/preview',
    {
      schema: {
        tags,
        body: templatePreviewRequestSchema,
        response: { 200: envelopeOf(templateResultSchema) },
      },
      preHandler,
    },
    async (request) => ok(await use.preview(viewerOf(request), request.body)),
  );

  r.post(
    '/templates/apply',
    {
      schema: { tags, body: templateUseRequestSchema, response: { 200: envelopeOf(templateResultSchema) } },
      preHandler,
    },
    async (request) => ok(await use.apply(viewerOf(request), request.body)),
  );

  r.post(
    '/templates/use',
    {
      schema: {
        tags,
        summary: 'Fill a template and count the use',
        body: templateUseRequestSchema,
        response: { 200: envelopeOf(templateResultSchema) },
      },
      preHandler,
    },
    async (request) => ok(await use.use(viewerOf(request), request.body)),
  );

  r.get(
    '/templates/:id/variables',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: envelopeOf(templateVariablesResponseSchema) },
      },
      preHandler,
    },
    async (request) => ok({ variables: await use.variables(viewerOf(request), request.params.id) }),
  );

  r.get(
    '/templates/system-variables',
    {
      schema: {
        tags,
        querystring: systemVariablesQuerySchema,
        response: { 200: envelopeOf(systemVariablesResponseSchema) },
      },
      preHandler,
    },
    async (request) => ok(await use.systemVariables(viewerOf(request), request.query.recipientEmail)),
  );

  r.get(
    '/templates/:id/export',
    {
      schema: {
        tags,
        summary: 'Download a template as a JSON file',
        params: idParamsSchema,
        response: { 200: templateExportSchema },
      },
      preHandler,
    },
    async (request, reply) => {
      const file = await transfer.export(viewerOf(request), request.params.id);
      const name = exportFileName(file.name, request.params.id);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
        .send(file);
    },
  );

  r.post(
    '/templates/import',
    {
      // The shape is checked in the service, so a bad file gets the 'invalid template' text.
      schema: {
        tags,
        summary: 'One template or an array of them',
        body: z.unknown(),
        response: { 201: envelopeOf(templateImportResponseSchema) },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.code(201).send(ok(await transfer.import(viewerOf(request), request.body))),
  );

  r.get(
    '/templates/popular',
    {
      schema: {
        tags,
        querystring: popularTemplatesQuerySchema,
        response: { 200: envelopeOf(z.array(templateSchema)) },
      },
      preHandler,
    },
    async (request) => ok(await service.popular(viewerOf(request), request.query.limit)),
  );

  r.get(
    '/templates/search',
    {
      schema: {
        tags,
        querystring: templateSearchQuerySchema,
        response: { 200: envelopeOf(templatePageSchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.list(viewerOf(request), request.query)),
  );

  r.get(
    '/templates/statistics',
    { schema: { tags, response: { 200: envelopeOf(templateStatisticsSchema) } }, preHandler },
    async (request) => ok(await service.statistics(viewerOf(request))),
  );
}
