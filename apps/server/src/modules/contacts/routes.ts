import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import {
  contactExportQuerySchema,
  contactExportSchema,
  contactImportRequestSchema,
  contactImportResultSchema,
  contactListQuerySchema,
  contactPageSchema,
  contactRequestSchema,
  contactSchema,
  contactSuggestionsSchema,
  contactSuggestQuerySchema,
} from '@postline/shared/contacts';
import { envelopeOf } from '@postline/shared/envelope';
import { ok } from '../../lib/envelope.js';
import groupRoutes from './group-routes.js';
import { ContactService } from './service.js';
import { exportContacts, importContacts } from './transfer.js';

/** Room for an import of CONTACT_IMPORT_CHARS_MAX characters of Korean text (3 bytes each) in JSON. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** Contacts (issue 36): CRUD, import and export, and recipient autocomplete; groups in group-routes. */
export default async function contactRoutes(app: FastifyInstance) {
  const service = new ContactService(app.database);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contacts'];
  const preHandler = [app.authenticate];

  await app.register(groupRoutes);

  r.get(
    '/contacts',
    {
      schema: {
        tags,
        summary: 'Contacts by name, paged; q finds a name, address, company or Korean initials',
        querystring: contactListQuerySchema,
        response: { 200: envelopeOf(contactPageSchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.list(request.user.id, request.query)),
  );

  r.get(
    '/contacts/suggest',
    {
      schema: {
        tags,
        summary: 'Recipient autocomplete: contacts, groups and people written to or heard from',
        querystring: contactSuggestQuerySchema,
        response: { 200: envelopeOf(contactSuggestionsSchema) },
      },
      preHandler,
    },
    async (request) =>
      ok({ items: await service.suggest(request.user.id, request.query.q, request.query.limit) }),
  );

  r.get(
    '/contacts/export',
    {
      schema: {
        tags,
        summary: 'Every contact as a vCard 4.0 or CSV (Google columns) file',
        querystring: contactExportQuerySchema,
        response: { 200: envelopeOf(contactExportSchema) },
      },
      preHandler,
    },
    async (request) =>
      ok(await exportContacts(app.database, request.user.id, request.query.format, request.lang)),
  );

  r.post(
    '/contacts/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Adds the contacts of a vCard or CSV (Google, Outlook) file; known addresses are skipped',
        body: contactImportRequestSchema,
        response: { 200: envelopeOf(contactImportResultSchema) },
      },
      preHandler,
    },
    async (request) =>
      ok(await importContacts(app.database, request.user.id, request.body.format, request.body.content)),
  );

  r.get(
    '/contacts/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(contactSchema) } }, preHandler },
    async (request) => ok(await service.get(request.user.id, request.params.id)),
  );

  r.post(
    '/contacts',
    {
      schema: { tags, body: contactRequestSchema, response: { 201: envelopeOf(contactSchema) } },
      preHandler,
    },
    async (request, reply) => reply.code(201).send(ok(await service.create(request.user.id, request.body))),
  );

  r.put(
    '/contacts/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: contactRequestSchema,
        response: { 200: envelopeOf(contactSchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.update(request.user.id, request.params.id, request.body)),
  );

  r.delete(
    '/contacts/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(z.null()) } }, preHandler },
    async (request) => {
      await service.remove(request.user.id, request.params.id);
      return ok(null);
    },
  );
}
