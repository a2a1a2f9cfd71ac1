import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import {
  UNSUBSCRIBE_PER_MINUTE,
  unsubscribeOfferSchema,
  unsubscribeResultSchema,
} from '@postline/shared/unsubscribe';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';
import { oneClickUrl, unsubscribeOffer } from './offer.js';
import { postOneClick } from './one-click.js';
import { unsubscribeSource } from './repository.js';

/** How long the list's server has to answer the one-click POST. */
const ONE_CLICK_TIMEOUT_MS = 10_000;

/**
 * One-click unsubscribe (issue 37, RFC 8058): what a message offers, and the one-click request the
 * server makes for the reader. Another user's message is the same 404 as one that does not exist.
 */
export default async function unsubscribeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const allowLoopback = app.config.unsubscribe.allowLoopback;
  const options = { allowHttp: allowLoopback };

  async function sourceOf(userId: number, messageId: number) {
    const source = await unsubscribeSource(app.database.db, userId, messageId);
    if (!source) throw new AppError(404, 'MAIL_NOT_FOUND');
    return source;
  }

  r.get(
    '/messages/:id/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What the message offers for unsubscribing, if its signature covers List-Unsubscribe',
        params: idParamsSchema,
        response: { 200: envelopeOf(unsubscribeOfferSchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => {
      const source = await sourceOf(request.user.id, request.params.id);
      return ok(unsubscribeOffer(source.headers, source.authentication, options));
    },
  );

  r.post(
    '/messages/:id/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Unsubscribe with one click: the server posts List-Unsubscribe=One-Click to the list',
        params: idParamsSchema,
        response: { 200: envelopeOf(unsubscribeResultSchema) },
      },
      preHandler: [
        app.authenticate,
        app.rateLimit({
          max: UNSUBSCRIBE_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `unsubscribe:${request.user?.id ?? request.ip}`,
        }),
      ],
    },
    async (request) => {
      const source = await sourceOf(request.user.id, request.params.id);
      const offer = unsubscribeOffer(source.headers, source.authentication, options);
      const url = source.headers && oneClickUrl(source.headers, options);
      if (offer.method !== 'ONE_CLICK' || !url || !offer.domain) {
        throw new AppError(409, 'CONFLICT', { text: localizedText('messages:unsubscribe.notOneClick') });
      }
      const outcome = await postOneClick(url, { allowLoopback, timeoutMs: ONE_CLICK_TIMEOUT_MS });
      if (outcome === 'refusedAddress') {
        throw new AppError(409, 'CONFLICT', { text: localizedText('messages:unsubscribe.refusedAddress') });
      }
      if (outcome === 'failed') {
        throw new AppError(502, 'SERVICE_UNAVAILABLE', {
          text: localizedText('messages:unsubscribe.listFailed', { domain: offer.domain }),
        });
      }
      return ok({ unsubscribed: true as const, domain: offer.domain });
    },
  );
}
