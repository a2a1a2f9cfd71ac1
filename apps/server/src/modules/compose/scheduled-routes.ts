import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import { cancelledSendSchema, scheduledSendSchema } from '@postline/shared/scheduled';
import type { ScheduledSendRow } from '../../db/schema/scheduled.js';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';
import { getSystemFolder } from '../folders/index.js';
import { getOwnedMessage, placeDraft } from '../messages/index.js';
import type { ComposeDeps } from './ports.js';
import { findScheduledSend, makeDueNow, removeScheduledSend } from './scheduled-store.js';

const notWaiting = () => new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('scheduled:notWaiting') });

const present = (row: ScheduledSendRow) => ({
  messageId: row.messageId,
  sendAt: row.sendAt.toISOString(),
  undo: row.undo,
});

/**
 * Mail waiting to go (issue 36): when it goes, send it now, or take it back to Drafts (Undo, and
 * Cancel in the Scheduled folder). Another user's id, or a mail that has gone, is a 404.
 */
export default async function scheduledRoutes(app: FastifyInstance, deps: ComposeDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['scheduled'];
  const preHandler = [app.authenticate];
  const { database } = deps.delivery;

  r.get(
    '/scheduled/:id',
    {
      schema: {
        tags,
        summary: 'When a waiting mail goes (its content: GET /messages/drafts/{id})',
        params: idParamsSchema,
        response: { 200: envelopeOf(scheduledSendSchema) },
      },
      preHandler,
    },
    async (request) => {
      const row = await findScheduledSend(database.db, request.user.id, request.params.id);
      if (!row) throw notWaiting();
      return ok(present(row));
    },
  );

  r.post(
    '/scheduled/:id/send-now',
    {
      schema: {
        tags,
        summary: 'Send a waiting mail now instead of at its time',
        params: idParamsSchema,
        response: { 200: envelopeOf(scheduledSendSchema) },
      },
      preHandler,
    },
    async (request) => {
      const row = await database.transaction((tx) => makeDueNow(tx, request.user.id, request.params.id));
      if (!row) throw notWaiting();
      return ok(present(row));
    },
  );

  r.post(
    '/scheduled/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Undo or cancel: the waiting mail goes back to Drafts as it was written, unsent',
        params: idParamsSchema,
        response: { 200: envelopeOf(cancelledSendSchema) },
      },
      preHandler,
    },
    async (request) => {
      const userId = request.user.id;
      const id = request.params.id;
      await database.transaction(async (tx) => {
        // The schedule's row first: a send under way holds it, and then this finds it gone.
        const removed = await removeScheduledSend(tx, userId, id);
        if (!removed) {
          // A draft left in Scheduled without a schedule (restored from Trash) may still go back.
          const message = await getOwnedMessage(tx, userId, id).catch(() => undefined);
          if (!message || message.mailboxType !== 'SCHEDULED' || !message.isDraft) throw notWaiting();
        }
        const drafts = await getSystemFolder(tx, userId, 'DRAFTS');
        if (!(await placeDraft(tx, userId, id, drafts, new Date()))) throw notWaiting();
      });
      return ok({ draftId: id });
    },
  );
}
