import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf, fileAnswerOf } from '@postline/shared/envelope';
import { filterImportResponseSchema } from '@postline/shared/filter-answers';
import { filterExportFileSchema } from '@postline/shared/filter-requests';
import { ok } from '../../lib/envelope.js';
import { readerTimeZone } from '../../lib/time-zone.js';
import { FilterFieldError } from './errors.js';
import type { FilterInteropService } from './interop.js';
import { gmailImportJsonSchema, sieveImportJsonSchema } from './schema.js';

/** RFC 6266 with an RFC 5987 UTF-8 name, so Korean filter names survive the download. */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function fileStem(name: string): string {
  return (
    name
      .replace(/[\\/:*?"<>|\r\n\t]+/g, '_')
      .trim()
      .slice(0, 80) || 'filter'
  );
}

function bodyText(body: string | { script: string } | { xml: string }): string {
  const text = typeof body === 'string' ? body : 'script' in body ? body.script : body.xml;
  if (text.trim() === '') throw new FilterFieldError([{ field: '', key: 'importBodyRequired' }]);
  return text;
}

/** Export and import: the JSON file of SPEC §7, and Sieve and Gmail XML beyond it. */
export default async function filterTransferRoutes(
  app: FastifyInstance,
  options: { interop: FilterInteropService },
) {
  const { interop } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['filters'];
  const preHandler = [app.authenticate];

  r.get(
    '/filters/:id/export',
    {
      schema: {
        tags,
        summary: 'Download one filter as a JSON file (the import shape)',
        params: idParamsSchema,
        response: { 200: fileAnswerOf('The export file', ['application/json'], filterExportFileSchema) },
      },
      preHandler,
    },
    async (request, reply) => {
      const file = await interop.exportOne(request.user.id, request.params.id);
      const name = file.filters[0]?.name ?? `filter-${request.params.id}`;
      return (
        reply
          .header('content-disposition', attachmentDisposition(`filter-${fileStem(name)}.json`))
          .type('application/json; charset=utf-8')
          // A serializer of its own: indented, for people who open the file, and kept whole: the
          // response schema (the import shape) would drop each filter's folder hint.
          .serializer((payload) => JSON.stringify(payload, null, 2))
          .send(file)
      );
    },
  );

  r.post(
    '/filters/import',
    {
      schema: {
        tags,
        summary:
          "Import the export file, a bare array of filters or one filter; 400 'Invalid JSON file' otherwise",
        response: { 201: envelopeOf(filterImportResponseSchema) },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.code(201).send(ok(await interop.importJson(request.user.id, request.body))),
  );

  r.get(
    '/filters/export/sieve',
    {
      schema: {
        tags,
        summary: "All the user's filters as a Sieve script (RFC 5228) file",
        response: { 200: fileAnswerOf('The Sieve script', ['text/plain'], z.string()) },
      },
      preHandler,
    },
    async (request, reply) => {
      const script = await interop.exportSieve(request.user.id, request.lang);
      return reply
        .header('content-disposition', attachmentDisposition('postline-filters.sieve'))
        .type('text/plain; charset=utf-8')
        .send(script);
    },
  );

  r.post(
    '/filters/import/sieve',
    {
      schema: {
        tags,
        summary: 'Import a Sieve script: text/plain body, or JSON {script}',
        body: z.union([z.string(), sieveImportJsonSchema]),
        response: { 201: envelopeOf(filterImportResponseSchema) },
      },
      preHandler,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await interop.importSieve(
              request.user.id,
              bodyText(request.body),
              request.lang,
              readerTimeZone(request),
            ),
          ),
        ),
  );

  r.post(
    '/filters/import/gmail',
    {
      schema: {
        tags,
        summary: "Import Gmail's mailFilters.xml: XML body, or JSON {xml}",
        body: z.union([z.string(), gmailImportJsonSchema]),
        response: { 201: envelopeOf(filterImportResponseSchema) },
      },
      preHandler,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await interop.importGmail(request.user.id, bodyText(request.body), request.lang))),
  );
}
