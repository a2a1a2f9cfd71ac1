import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf } from '@postline/shared/envelope';
import {
  REMOTE_IMAGE_SENDERS_MAX,
  remoteImageSenderParamsSchema,
  remoteImageSendersSchema,
} from '@postline/shared/remote-images';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';
import { addSender, listSenders, removeSender } from './repository.js';

/**
 * The senders whose mail shows its remote images without asking (issue 34), per user. Each call
 * answers the list as it is afterwards, so the web app's copy is the server's.
 */
export default async function remoteImageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['remote images'];
  const preHandler = [app.authenticate];
  const response = { 200: envelopeOf(remoteImageSendersSchema) };
  const db = () => app.database.db;

  r.get(
    '/remote-images/senders',
    {
      schema: { tags, summary: 'Senders whose remote images are always shown', response },
      preHandler,
    },
    async (request) => ok({ addresses: await listSenders(db(), request.user.id) }),
  );

  r.put(
    '/remote-images/senders/:address',
    {
      schema: {
        tags,
        summary: "Always show this sender's remote images (already listed: no change)",
        params: remoteImageSenderParamsSchema,
        response,
      },
      preHandler,
    },
    async (request) => {
      const userId = request.user.id;
      const address = request.params.address.toLowerCase();
      await app.database.transaction(async (tx) => {
        const listed = await listSenders(tx, userId);
        if (listed.includes(address)) return;
        if (listed.length >= REMOTE_IMAGE_SENDERS_MAX)
          throw new AppError(409, 'CONFLICT', {
            text: localizedText('messages:remoteImageSendersFull', { max: REMOTE_IMAGE_SENDERS_MAX }),
          });
        await addSender(tx, userId, address);
      });
      return ok({ addresses: await listSenders(db(), userId) });
    },
  );

  r.delete(
    '/remote-images/senders/:address',
    {
      schema: {
        tags,
        summary: "Ask again before showing this sender's remote images",
        params: remoteImageSenderParamsSchema,
        response,
      },
      preHandler,
    },
    async (request) => {
      const userId = request.user.id;
      await app.database.transaction((tx) => removeSender(tx, userId, request.params.address.toLowerCase()));
      return ok({ addresses: await listSenders(db(), userId) });
    },
  );
}
