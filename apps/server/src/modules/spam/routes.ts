import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import { spamQuerySchema } from '@postline/shared/message-requests';
import { messageSchema } from '@postline/shared/messages';
import { ok } from '../../lib/envelope.js';
import { getMessage, type MessagesDeps } from '../messages/index.js';
import { reportSpam } from './service.js';

/** PATCH /messages/{id}/spam: the "Report spam" and "Not spam" buttons of the message view. */
export default async function spamRoutes(app: FastifyInstance, { messages }: { messages: MessagesDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/messages/:id/spam',
    {
      schema: {
        tags: ['messages'],
        summary: 'Report as spam (to Spam, and rspamd learns it) or as not spam (back to the inbox)',
        params: idParamsSchema,
        querystring: spamQuerySchema,
        response: { 200: envelopeOf(messageSchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => {
      await reportSpam(app, messages, request.user.id, request.params.id, request.query.isSpam);
      return ok(await getMessage(messages, request.user.id, request.params.id));
    },
  );
}
