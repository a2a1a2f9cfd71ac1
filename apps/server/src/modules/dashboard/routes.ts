import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf } from '@postline/shared/envelope';
import { dashboardSummarySchema } from '@postline/shared/messages';
import { ok } from '../../lib/envelope.js';
import { dashboardSummary } from './summary.js';

export default async function dashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard/summary',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Counts, folders and the latest inbox mail for the dashboard',
        response: { 200: envelopeOf(dashboardSummarySchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => ok(await dashboardSummary(app.database.db, request.user.id)),
  );
}
