import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageFileName } from '@postline/shared/file-names';
import { idParamsSchema } from '@postline/shared/common';
import { binaryFileSchema, fileAnswerOf } from '@postline/shared/envelope';
import { contentDisposition, DOWNLOAD_SECURITY_HEADERS } from '../../lib/download-headers.js';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';
import type { MessageFiles } from './ports.js';

/**
 * "Show original" and "download .eml" (issue 12): the message as it arrived or left, byte for byte.
 * Only the message's owner gets it; any other id is the same 404 as a message that does not exist.
 */
export default async function originalRoutes(app: FastifyInstance, { files }: { files: MessageFiles }) {
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
      const { found, source } = await files.original(request.user.id, request.params.id);
      if (!found) throw new AppError(404, 'MAIL_NOT_FOUND');
      if (!source) throw new AppError(404, 'NOT_FOUND', { text: localizedText('messages:sourceNotKept') });
      if (!(await source.isReadable())) {
        request.log.error({ messageId: request.params.id }, 'message source blob is missing');
        throw new AppError(500, 'SERVER_ERROR');
      }
      reply
        .headers(DOWNLOAD_SECURITY_HEADERS)
        .header('content-type', 'message/rfc822')
        .header('content-length', String(source.sizeBytes))
        .header('content-disposition', contentDisposition('attachment', messageFileName(source.subject)));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(source.open());
    },
  });
}
