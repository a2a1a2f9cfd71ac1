import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import {
  contactGroupListQuerySchema,
  contactGroupPageSchema,
  contactGroupRequestSchema,
  contactGroupSchema,
} from '@postline/shared/contacts';
import { envelopeOf } from '@postline/shared/envelope';
import { ok } from '../../lib/envelope.js';
import { ContactGroupService } from './group-service.js';

/** Contact groups (issue 36): a name and members from the user's contacts. */
export default async function groupRoutes(app: FastifyInstance) {
  const service = new ContactGroupService(app.database);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contacts'];
  const preHandler = [app.authenticate];
  const one = { 200: envelopeOf(contactGroupSchema) };

  r.get(
    '/contact-groups',
    {
      schema: {
        tags,
        summary: 'Contact groups by name, paged',
        querystring: contactGroupListQuerySchema,
        response: { 200: envelopeOf(contactGroupPageSchema) },
      },
      preHandler,
    },
    async (request) => ok(await service.list(request.user.id, request.query)),
  );

  r.get(
    '/contact-groups/:id',
    { schema: { tags, params: idParamsSchema, response: one }, preHandler },
    async (request) => ok(await service.get(request.user.id, request.params.id)),
  );

  r.post(
    '/contact-groups',
    {
      schema: { tags, body: contactGroupRequestSchema, response: { 201: envelopeOf(contactGroupSchema) } },
      preHandler,
    },
    async (request, reply) => reply.code(201).send(ok(await service.create(request.user.id, request.body))),
  );

  r.put(
    '/contact-groups/:id',
    {
      schema: {
        tags,
        summary: 'Renames the group; its members become exactly memberIds',
        params: idParamsSchema,
        body: contactGroupRequestSchema,
        response: one,
      },
      preHandler,
    },
    async (request) => ok(await service.update(request.user.id, request.params.id, request.body)),
  );

  r.delete(
    '/contact-groups/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(z.null()) } }, preHandler },
    async (request) => {
      await service.remove(request.user.id, request.params.id);
      return ok(null);
    },
  );
}
