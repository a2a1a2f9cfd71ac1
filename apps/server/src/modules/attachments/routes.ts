import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { composeFileRules } from '@postline/shared/attachment-rules';
import {
  attachmentDownloadPath,
  attachmentRulesSchema,
  attachmentSchema,
  attachmentSearchQuerySchema,
  downloadUrlResponseSchema,
} from '@postline/shared/attachments';
import { idParamsSchema, idSchema, makePage, pageOf, queryBoolean } from '@postline/shared/common';
import { binaryFileSchema, envelopeOf, fileAnswerOf } from '@postline/shared/envelope';
import { COMPOSE_MAX_FILES } from '@postline/shared/limits';
import { ok } from '../../lib/envelope.js';
import {
  canShowInline,
  contentDisposition,
  DOWNLOAD_SECURITY_HEADERS,
  servedContentType,
} from '../../lib/download-headers.js';
import { attachmentNotFound, attachmentOfDeliveredMail, blobMissing, messageNotFound } from './errors.js';
import { presentAttachment } from './presenter.js';
import {
  attachmentsOfMessages,
  deleteAttachmentRow,
  findUserAttachment,
  findUserMessage,
  pageUserAttachments,
} from './repository.js';
import { refreshAttachmentCounts } from '../messages/index.js';
import { sweepReleasedBlobs, type AttachmentDeps } from './service.js';
import { receiveUpload, recordUpload, UPLOAD_LIMITS } from './uploads.js';

const messageParamsSchema = z.object({ messageId: idSchema });
const downloadQuerySchema = z.object({ inline: queryBoolean.optional() });
const tags = ['attachments'];

/**
 * SPEC §7 Attachments. Multipart parsing is registered here only, for these routes. What compose
 * may attach is ATTACHMENT_ALLOWED_TYPES (issue 34).
 */
export default async function attachmentRoutes(app: FastifyInstance, { deps }: { deps: AttachmentDeps }) {
  const fileRules = composeFileRules(app.config.attachments.allowedExtensions);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const auth = { preHandler: [app.authenticate] };

  async function owned(userId: number, id: number) {
    const row = await findUserAttachment(db, userId, id);
    if (!row) throw attachmentNotFound();
    return row;
  }

  r.post(
    '/attachments/upload',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Upload one file (multipart: file, optional messageId of a draft); 25 MB, compose allow-list',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(attachmentSchema) },
      },
    },
    async (request) => {
      const { file, fields } = await receiveUpload(deps, request, fileRules);
      return ok(presentAttachment(await recordUpload(deps, request.user.id, file, fields)));
    },
  );

  r.get(
    '/attachments/rules',
    {
      ...auth,
      schema: {
        tags,
        summary: 'What compose may attach here (ATTACHMENT_ALLOWED_TYPES), the size and count limits',
        response: { 200: envelopeOf(attachmentRulesSchema) },
      },
    },
    async () =>
      ok({
        allowedExtensions: [...fileRules.allowedExtensions],
        maxFileBytes: fileRules.maxBytes,
        maxFiles: COMPOSE_MAX_FILES,
      }),
  );

  r.route({
    method: ['GET', 'HEAD'],
    url: '/attachments/:id/download',
    ...auth,
    schema: {
      tags,
      summary: 'The file itself; ?inline=1 shows images in place',
      params: idParamsSchema,
      querystring: downloadQuerySchema,
      response: { 200: fileAnswerOf('The file, with its own content type', ['*/*'], binaryFileSchema) },
    },
    handler: async (request, reply) => {
      const row = await owned(request.user.id, request.params.id);
      if (!(await deps.blobStore.exists(row.contentHash))) {
        request.log.error({ attachmentId: row.id, hash: row.contentHash }, 'attachment blob is missing');
        throw blobMissing();
      }
      const inline = request.query.inline === true && canShowInline(row.contentType);
      reply
        .headers(DOWNLOAD_SECURITY_HEADERS)
        .header('content-type', servedContentType(row.contentType))
        .header('content-length', String(row.sizeBytes))
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', row.originalFilename),
        );
      if (request.method === 'HEAD') return reply.send();
      return reply.send(deps.blobStore.open(row.contentHash));
    },
  });

  r.get(
    '/attachments/:id/download-url',
    {
      ...auth,
      schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(downloadUrlResponseSchema) } },
    },
    async (request) => {
      const row = await owned(request.user.id, request.params.id);
      return ok({ downloadUrl: attachmentDownloadPath(row.id) });
    },
  );

  r.get(
    '/attachments/message/:messageId',
    {
      ...auth,
      schema: { tags, params: messageParamsSchema, response: { 200: envelopeOf(z.array(attachmentSchema)) } },
    },
    async (request) => {
      const userId = request.user.id;
      if (!(await findUserMessage(db, userId, request.params.messageId))) throw messageNotFound();
      const rows = await attachmentsOfMessages(db, [request.params.messageId]);
      return ok(rows.filter((row) => row.userId === userId).map(presentAttachment));
    },
  );

  // Both readings of SPEC §7: the plain list also takes the search filters.
  for (const url of ['/attachments', '/attachments/search']) {
    r.get(
      url,
      {
        ...auth,
        schema: {
          tags,
          querystring: attachmentSearchQuerySchema,
          response: { 200: envelopeOf(pageOf(attachmentSchema)) },
        },
      },
      async (request) => {
        const query = request.query;
        const { rows, total } = await pageUserAttachments(db, request.user.id, query);
        return ok(makePage(rows.map(presentAttachment), query.page, query.size, total));
      },
    );
  }

  r.get(
    '/attachments/:id',
    { ...auth, schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(attachmentSchema) } } },
    async (request) => ok(presentAttachment(await owned(request.user.id, request.params.id))),
  );

  r.delete(
    '/attachments/:id',
    { ...auth, schema: { tags, params: idParamsSchema, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      const userId = request.user.id;
      await deps.database.transaction(async (tx) => {
        const row = await findUserAttachment(tx, userId, request.params.id);
        if (!row) throw attachmentNotFound();
        if (row.messageId !== null && !(await findUserMessage(tx, userId, row.messageId))?.isDraft) {
          throw attachmentOfDeliveredMail();
        }
        await deleteAttachmentRow(tx, row.id);
        await refreshAttachmentCounts(tx, [row.messageId]);
      });
      // The last reference gone takes the file with it, now that the delete is committed. A failure
      // here leaves the note for the next sweep; the delete itself has happened.
      await sweepReleasedBlobs(deps).catch((error: unknown) =>
        request.log.error({ err: error }, 'blob sweep failed'),
      );
      return ok(null);
    },
  );
}
