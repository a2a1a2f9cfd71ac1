import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import { messageListQuerySchema, messageSearchQuerySchema } from '@postline/shared/message-queries';
import {
  bulkRequestSchema,
  bulkResultSchema,
  deleteMessageQuerySchema,
  markReadQuerySchema,
  moveQuerySchema,
  starQuerySchema,
} from '@postline/shared/message-requests';
import {
  deleteResultSchema,
  emptyResultSchema,
  messagePageSchema,
  messageSchema,
  unreadCountsResponseSchema,
} from '@postline/shared/messages';
import { ok } from '../../lib/envelope.js';
import { applyBulk } from './bulk.js';
import {
  listFolderMessages,
  listView,
  searchMessages,
  unreadOutsideTrash,
  type MessageView,
} from './queries.js';
import { messageViewQuerySchema } from './schema.js';
import { searchLimitsFor, withinSearchBudget } from './search-budget.js';
import { SearchGate } from './search-gate.js';
import {
  deleteMessage,
  emptyFolder,
  emptyTrash,
  getMessage,
  markRead,
  markStarred,
  moveMessage,
  restoreMessage,
} from './service.js';
import { getSystemFolder } from '../folders/index.js';
import originalRoutes from './original-routes.js';
import conversationRoutes from './conversation-routes.js';
import type { MessagesDeps } from './ports.js';

/** SPEC §7 "Messages and mailboxes": reading, listing, searching and changing mail, and its original. */
export default async function messageRoutes(app: FastifyInstance, deps: MessagesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  /** Files of messages deleted for good are released once the delete has committed. */
  const releasingFiles = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    await deps.files
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'releasing attachment files failed'));
    return result;
  };
  const auth = { preHandler: [app.authenticate] };
  const db = () => app.database.db;
  const searchLimits = searchLimitsFor(app.config.search, app.database.kind);
  const searches = new SearchGate(searchLimits);

  r.get(
    '/messages',
    {
      schema: {
        tags,
        summary: 'A page of one folder (mailboxId or mailboxType, INBOX by default)',
        querystring: messageListQuerySchema,
        response: { 200: envelopeOf(messagePageSchema) },
      },
      ...auth,
    },
    async (request) => ok(await listFolderMessages(db(), request.user.id, request.query)),
  );

  r.get(
    '/messages/search',
    {
      schema: {
        tags,
        summary: 'Keyword in subject, sender, recipients and body, with the advanced-search fields',
        querystring: messageSearchQuerySchema,
        response: { 200: envelopeOf(messagePageSchema) },
      },
      ...auth,
    },
    async (request, reply) =>
      ok(
        await searches.run(request.user.id, reply, () =>
          withinSearchBudget(app.database, searchLimits, (reader, guard) =>
            searchMessages(reader, request.user.id, request.query, guard),
          ),
        ),
      ),
  );

  for (const view of ['unread', 'starred', 'attachments'] as const satisfies readonly MessageView[]) {
    r.get(
      `/messages/${view}`,
      {
        schema: {
          tags,
          summary: `${view} mail across the folders but trash and spam`,
          querystring: messageViewQuerySchema,
          response: { 200: envelopeOf(messagePageSchema) },
        },
        ...auth,
      },
      async (request) => ok(await listView(db(), request.user.id, view, request.query)),
    );
  }

  r.get(
    '/messages/count/unread',
    {
      schema: {
        tags,
        summary: 'Unread mail: count in INBOX, total outside trash and spam',
        response: { 200: envelopeOf(unreadCountsResponseSchema) },
      },
      ...auth,
    },
    async (request) => {
      const inbox = await getSystemFolder(db(), request.user.id, 'INBOX');
      return ok({ count: inbox.unreadCount, total: await unreadOutsideTrash(db(), request.user.id) });
    },
  );

  r.get(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'One message in full',
        params: idParamsSchema,
        response: { 200: envelopeOf(messageSchema) },
      },
      ...auth,
    },
    async (request) => ok(await getMessage(deps, request.user.id, request.params.id)),
  );

  r.patch(
    '/messages/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark read or unread',
        params: idParamsSchema,
        querystring: markReadQuerySchema,
        response: { 200: envelopeOf(messageSchema) },
      },
      ...auth,
    },
    async (request) => {
      await markRead(deps, request.user.id, request.params.id, request.query.isRead);
      return ok(await getMessage(deps, request.user.id, request.params.id));
    },
  );

  r.patch(
    '/messages/:id/star',
    {
      schema: {
        tags,
        summary: 'Star or unstar',
        params: idParamsSchema,
        querystring: starQuerySchema,
        response: { 200: envelopeOf(messageSchema) },
      },
      ...auth,
    },
    async (request) => {
      await markStarred(app.database, request.user.id, request.params.id, request.query.isStarred);
      return ok(await getMessage(deps, request.user.id, request.params.id));
    },
  );

  r.patch(
    '/messages/:id/move',
    {
      schema: {
        tags,
        summary: 'Move to another of the user’s folders',
        params: idParamsSchema,
        querystring: moveQuerySchema,
        response: { 200: envelopeOf(messageSchema) },
      },
      ...auth,
    },
    async (request) => {
      await moveMessage(app.database, request.user.id, request.params.id, request.query.targetMailboxId);
      return ok(await getMessage(deps, request.user.id, request.params.id));
    },
  );

  r.post(
    '/messages/:id/restore',
    {
      schema: {
        tags,
        summary: 'From the trash back to the folder it came from (else the Inbox, Sent or Drafts)',
        params: idParamsSchema,
        response: { 200: envelopeOf(messageSchema) },
      },
      ...auth,
    },
    async (request) => {
      await restoreMessage(app.database, request.user.id, request.params.id);
      return ok(await getMessage(deps, request.user.id, request.params.id));
    },
  );

  r.post(
    '/messages/bulk',
    {
      schema: {
        tags,
        summary: 'One action on ticked messages or on a whole folder (read, star, move, delete, restore)',
        body: bulkRequestSchema,
        response: { 200: envelopeOf(bulkResultSchema) },
      },
      ...auth,
    },
    async (request) => ok({ affected: await releasingFiles(applyBulk(deps, request.user.id, request.body)) }),
  );

  r.delete(
    '/messages/trash',
    {
      schema: { tags, summary: 'Empty the trash', response: { 200: envelopeOf(emptyResultSchema) } },
      ...auth,
    },
    async (request) => ok({ deleted: await releasingFiles(emptyTrash(app.database, request.user.id)) }),
  );

  r.delete(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'To the trash; from the trash or with permanent=true, for good',
        params: idParamsSchema,
        querystring: deleteMessageQuerySchema,
        response: { 200: envelopeOf(deleteResultSchema) },
      },
      ...auth,
    },
    async (request) =>
      ok(
        await releasingFiles(
          deleteMessage(app.database, request.user.id, request.params.id, request.query.permanent),
        ),
      ),
  );

  r.post(
    '/mailboxes/:id/empty',
    {
      schema: {
        tags,
        summary: 'Empty a folder: trash and spam for good, any other into the trash',
        params: idParamsSchema,
        response: { 200: envelopeOf(emptyResultSchema) },
      },
      ...auth,
    },
    async (request) =>
      ok({ deleted: await releasingFiles(emptyFolder(app.database, request.user.id, request.params.id)) }),
  );

  await app.register(originalRoutes, { files: deps.files });
  await app.register(conversationRoutes, deps);
}
