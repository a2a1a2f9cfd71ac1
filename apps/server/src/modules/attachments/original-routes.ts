import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageFileName } from '@postline/shared/file-names';
import { idParamsSchema } from '@postline/shared/common';
import { binaryFileSchema, fileAnswerOf } from '@postline/shared/envelope';
import { contentDisposition, DOWNLOAD_SECURITY_HEADERS } from './download-headers.js';
import { blobMissing, messageNotFound, sourceNotKept } from './errors.js';
import { findUserMessageSource, openSource, sourceIsReadable } from './message-sources.js';
import type { AttachmentDeps } from './service.js';

/**
 * "Show original" and "download .eml" (issue 12): the message as it arrived or left, byte for byte.
 * Only the message's owner gets it; any other id is the same 404 as a message that does not exist.
 */
export default async function originalRoutes(app: FastifyInstance, { deps }: { deps: AttachmentDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    method: ['GET', 'HEAD'],
    url: '/messages/:id/original',
    preHandler: [app.authenticate],
    schema: {
      tags: ['messages'],
      summary: 'The original source of the message (message/rfc822), as a download',
      params: idParamsSchema,
      response: {
        200: fileAnswerOf('The message as it arrived or left', ['message/rfc822'], binaryFileSchema),
      },
    },
    handler: async (request, reply) => {
      const { found, source } = await findUserMessageSource(
        deps.database.db,
        request.user.id,
        request.params.id,
      );
      if (!found) throw messageNotFound();
      if (!source) throw sourceNotKept();
      if (!(await sourceIsReadable(deps.blobStore, source))) {
        request.log.error({ messageId: request.params.id }, 'message source blob is missing');
        throw blobMissing();
      }
      reply
        .headers(DOWNLOAD_SECURITY_HEADERS)
        .header('content-type', 'message/rfc822')
        .header('content-length', String(source.sizeBytes))
        .header('content-disposition', contentDisposition('attachment', messageFileName(source.subject)));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(openSource(deps.blobStore, source));
    },
  });
}
