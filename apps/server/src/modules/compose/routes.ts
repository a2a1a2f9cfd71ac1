import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import {
  forwardRequestSchema,
  replyRequestSchema,
  saveDraftRequestSchema,
  sendMessageRequestSchema,
} from '@postline/shared/message-requests';
import { draftSchema, draftSummarySchema } from '@postline/shared/drafts';
import { messageSchema } from '@postline/shared/messages';
import { isValidRecipient } from '@postline/shared/recipients';
import { sendLaterQuerySchema } from '@postline/shared/scheduled';
import { ok } from '../../lib/envelope.js';
import { readerTimeZone } from '../../lib/time-zone.js';
import { invalidAddressError } from './compose.js';
import { draftsAnswering, NEW_MAIL, readDraftContext } from './draft-context.js';
import { saveDraft } from './drafts.js';
import { draftRecipients } from './recipient-entries.js';
import { getMessage, getOwnedMessage } from '../messages/index.js';
import type { ComposeDeps } from './ports.js';
import scheduledRoutes from './scheduled-routes.js';
import { sendOrHold, type Sender } from './sending.js';

const RECIPIENT_FIELDS = ['toAddresses', 'ccAddresses', 'bccAddresses'] as const;

/**
 * A malformed address is INVALID_EMAIL_ADDRESS naming it (SPEC §8), not a generic validation
 * error: checked on the raw body before the schema runs.
 */
async function rejectInvalidRecipients(request: FastifyRequest) {
  const body = request.body;
  if (!body || typeof body !== 'object') return;
  for (const field of RECIPIENT_FIELDS) {
    const list = (body as Record<string, unknown>)[field];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (typeof item === 'string' && !isValidRecipient(item)) throw invalidAddressError(item.trim());
    }
  }
}

/** Who sends, with the ?sendAt, language and zone of their request (issue 36). */
function senderOf(request: FastifyRequest & { query: { sendAt?: string | undefined } }): Sender {
  return {
    userId: request.user.id,
    sendAt: request.query.sendAt,
    language: request.lang,
    timeZone: readerTimeZone(request),
  };
}

/** Sending, drafts, replies and forwards; each answers the stored message (the sender's copy). */
export default async function composeRoutes(app: FastifyInstance, deps: ComposeDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const response = { 200: envelopeOf(messageSchema) };
  const guarded = { preValidation: [rejectInvalidRecipients], preHandler: [app.authenticate] };
  /** The stored message a call made or changed, as GET /messages/{id} shows it. */
  const stored = async (userId: number, id: Promise<number>) =>
    ok(await getMessage(deps.messages, userId, await id));
  const undoDefault = app.config.sending.undoDefaultSeconds;
  const waits =
    " It waits in Scheduled for the sender's undo delay (settings), or until ?sendAt, and then goes once.";

  await app.register(scheduledRoutes, deps);

  r.post(
    '/messages',
    {
      schema: {
        tags,
        summary: 'Send (draftId sends a saved draft)',
        description: `Answers the sender's copy in Sent, or the waiting draft.${waits}`,
        querystring: sendLaterQuerySchema,
        body: sendMessageRequestSchema,
        response,
      },
      ...guarded,
    },
    async (request) =>
      stored(
        request.user.id,
        sendOrHold(deps, senderOf(request), { kind: 'NEW', body: request.body }, undoDefault),
      ),
  );

  r.post(
    '/messages/drafts',
    {
      schema: {
        tags,
        summary: 'Save a draft (draftId or id updates it)',
        body: saveDraftRequestSchema,
        response,
      },
      ...guarded,
    },
    async (request) => stored(request.user.id, saveDraft(deps, request.user.id, request.body)),
  );

  r.put(
    '/messages/drafts/:id',
    {
      schema: {
        tags,
        summary: 'Update a draft',
        params: idParamsSchema,
        body: saveDraftRequestSchema,
        response,
      },
      ...guarded,
    },
    async (request) =>
      stored(
        request.user.id,
        saveDraft(deps, request.user.id, { ...request.body, draftId: request.params.id }),
      ),
  );

  r.get(
    '/messages/drafts/:id',
    {
      schema: {
        tags,
        summary: 'A draft with what it is written as (a reply, a forward) and its signature',
        params: idParamsSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => {
      const message = await getMessage(deps.messages, request.user.id, request.params.id);
      const context = message.isDraft ? await readDraftContext(app.database.db, message.id) : NEW_MAIL;
      const recipients = await draftRecipients(app.database.db, request.user.id, message.id);
      return ok({ message, context, recipients });
    },
  );

  r.get(
    '/messages/:id/drafts',
    {
      schema: {
        tags,
        summary: "The user's drafts answering or forwarding this message, the latest first",
        params: idParamsSchema,
        response: { 200: envelopeOf(z.array(draftSummarySchema)) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => {
      await getOwnedMessage(app.database.db, request.user.id, request.params.id);
      return ok(await draftsAnswering(app.database.db, request.user.id, request.params.id));
    },
  );

  for (const [path, all] of [
    ['/messages/reply', false],
    ['/messages/reply-all', true],
  ] as const) {
    r.post(
      path,
      {
        schema: {
          tags,
          summary: all ? 'Reply to everyone but me' : 'Reply to the sender',
          description: `Answers the reply in Sent, or the waiting draft.${waits}`,
          querystring: sendLaterQuerySchema,
          body: replyRequestSchema,
          response,
        },
        preHandler: [app.authenticate],
      },
      async (request) =>
        stored(
          request.user.id,
          sendOrHold(
            deps,
            senderOf(request),
            { kind: all ? 'REPLY_ALL' : 'REPLY', body: request.body },
            undoDefault,
          ),
        ),
    );
  }

  r.post(
    '/messages/forward',
    {
      schema: {
        tags,
        summary: 'Forward with the original quoted and its attachments',
        description: `Answers the forward in Sent, or the waiting draft.${waits}`,
        querystring: sendLaterQuerySchema,
        body: forwardRequestSchema,
        response,
      },
      ...guarded,
    },
    // The header block in the reader's language and zone, as the reply quote (issue 34).
    async (request) =>
      stored(
        request.user.id,
        sendOrHold(deps, senderOf(request), { kind: 'FORWARD', body: request.body }, undoDefault),
      ),
  );
}
