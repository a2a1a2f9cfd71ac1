import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationPageSchema,
  conversationParamsSchema,
  conversationQuerySchema,
  conversationSchema,
} from '@postline/shared/conversations';
import { envelopeOf } from '@postline/shared/envelope';
import { messageListQuerySchema } from '@postline/shared/message-queries';
import { ok } from '../../lib/envelope.js';
import { getConversation, listFolderConversations } from './conversations.js';
import type { MessagesDeps } from './ports.js';

/**
 * Conversations (issue 36): a folder's list with one row per conversation, and one conversation's
 * messages. Actions on conversations are POST /messages/bulk with `conversations`.
 */
export default async function conversationRoutes(app: FastifyInstance, deps: MessagesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['conversations'];
  const auth = { preHandler: [app.authenticate] };

  r.get(
    '/conversations',
    {
      schema: {
        tags,
        summary: 'A page of one folder by conversation (the query of GET /messages)',
        querystring: messageListQuerySchema,
        response: { 200: envelopeOf(conversationPageSchema) },
      },
      ...auth,
    },
    async (request) => ok(await listFolderConversations(app.database.db, request.user, request.query)),
  );

  r.get(
    '/conversations/:id',
    {
      schema: {
        tags,
        summary: "A conversation's messages, oldest first (from a folder: there and in Sent)",
        params: conversationParamsSchema,
        querystring: conversationQuerySchema,
        response: { 200: envelopeOf(conversationSchema) },
      },
      ...auth,
    },
    async (request) =>
      ok(await getConversation(deps, request.user.id, request.params.id, request.query.mailboxId)),
  );
}
