import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AWAY_REPLY_INTERVAL_DAYS,
  awayReplyRequestSchema,
  awayReplySchema,
  type AwayReply,
} from '@postline/shared/away-reply';
import { envelopeOf } from '@postline/shared/envelope';
import { knownTimeZone } from '@postline/shared/time-zones';
import { ok } from '../../lib/envelope.js';
import { readerTimeZone } from '../../lib/time-zone.js';
import { findAwayReply, saveAwayReply, type AwayReplyRow } from './repository.js';

/** The zone of an away reply never saved: the product's users are in Korea first. */
const DEFAULT_ZONE = 'Asia/Seoul';

function present(row: AwayReplyRow | null, zone: string): AwayReply {
  if (!row) {
    return {
      enabled: false,
      firstDay: null,
      lastDay: null,
      timeZone: zone,
      subject: '',
      body: '',
      includeSignature: true,
      contactsOnly: false,
      intervalDays: AWAY_REPLY_INTERVAL_DAYS.DEFAULT,
    };
  }
  const { userId: _user, updatedAt: _saved, ...reply } = row;
  return reply;
}

/**
 * The away reply (issue 37): GET answers it (off until saved), PUT writes the whole of it. Its days
 * are in the zone it was saved with: the one sent, else the browser's (X-Time-Zone).
 */
export default async function awayReplyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['away reply'];
  const response = { 200: envelopeOf(awayReplySchema) };
  const db = () => app.database.db;

  r.get(
    '/away-reply',
    {
      schema: { tags, summary: 'The away reply (vacation responder)', response },
      preHandler: [app.authenticate],
    },
    async (request) =>
      ok(present(await findAwayReply(db(), request.user.id), readerTimeZone(request) ?? DEFAULT_ZONE)),
  );

  r.put(
    '/away-reply',
    {
      schema: {
        tags,
        summary: 'Turn the away reply on or off and set its days, texts and who gets it',
        body: awayReplyRequestSchema,
        response,
      },
      preHandler: [app.authenticate],
    },
    async (request) => {
      const { timeZone, ...reply } = request.body;
      const zone = knownTimeZone(timeZone) ?? readerTimeZone(request) ?? DEFAULT_ZONE;
      return ok(present(await saveAwayReply(db(), request.user.id, { ...reply, timeZone: zone }), zone));
    },
  );
}
