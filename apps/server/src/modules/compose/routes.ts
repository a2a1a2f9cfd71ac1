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
import { ok } from '../../lib/envelope.js';
import { readerTimeZone } from '../../lib/time-zone.js';
import { forward, invalidAddressError, reply, sendNew } from './compose.js';
import { draftsAnswering, NEW_MAIL, readDraftContext } from './draft-context.js';
import { saveDraft } from './drafts.js';
import { draftRecipients } from './recipient-entries.js';
import { getMessage, getOwnedMessage } from '../messages/index.js';
import type { ComposeDeps } from './ports.js';

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

/** Sending, drafts, replies and forwards; each answers the stored message (the sender's copy). */
export default async function composeRoutes(app: FastifyInstance, deps: ComposeDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const response = { 200: envelopeOf(messageSchema) };
  const guarded = { preValidation: [rejectInvalidRecipients], preHandler: [app.authenticate] };
  /** The stored message a call made or changed, as GET /messages/{id} shows it. */
  const stored = async (userId: number, id: Promise<number>) =>
    ok(await getMessage(deps.messages, userId, await id));

  r.post(
    '/messages',
    {
      schema: {
        tags,
        summary: 'Send (draftId sends a saved draft)',
        body: sendMessageRequestSchema,
        response,
      },
      ...guarded,
    },
    async (request) => stored(request.user.id, sendNew(deps, request.user.id, request.body)),
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
          body: replyRequestSchema,
          response,
        },
        preHandler: [app.authenticate],
      },
      async (request) => stored(request.user.id, reply(deps, request.user.id, request.body, all)),
    );
  }

  r.post(
    '/messages/forward',
    {
      schema: {
        tags,
        summary: 'Forward with the original quoted and its attachments',
        body: forwardRequestSchema,
        response,
      },
      ...guarded,
    },
    // The header block in the reader's language and zone, as the reply quote (issue 34).
    async (request) =>
      stored(
        request.user.id,
        forward(deps, request.user.id, request.body, request.lang, readerTimeZone(request)),
      ),
  );
}
