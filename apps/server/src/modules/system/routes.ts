import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf } from '@postline/shared/envelope';
import { healthSchema, readySchema } from '@postline/shared/system';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';

export default async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      schema: { tags: ['system'], summary: 'The process is up', response: { 200: envelopeOf(healthSchema) } },
    },
    async () => ok({ status: 'UP' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );
  r.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        response: { 200: envelopeOf(readySchema) },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        throw new AppError(503, 'SERVICE_UNAVAILABLE');
      }
      return ok({ status: 'READY' as const, database: app.database.kind });
    },
  );
}
