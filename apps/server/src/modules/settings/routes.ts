import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf } from '@postline/shared/envelope';
import { userSettingsSchema, userSettingsUpdateSchema } from '@postline/shared/settings';
import { ok } from '../../lib/envelope.js';
import { settingsOf, updateSettings, type SettingsDefaults } from './service.js';

/** The signed-in person's settings (issue 36; issue 37 adds to them): read all, change some. */
export default async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const preHandler = [app.authenticate];
  const response = { 200: envelopeOf(userSettingsSchema) };
  const defaults: SettingsDefaults = { undoSendSeconds: app.config.sending.undoDefaultSeconds };

  r.get(
    '/settings',
    {
      schema: { tags, summary: "The signed-in person's settings (defaults until changed)", response },
      preHandler,
    },
    async (request) => ok(await settingsOf(app.database.db, request.user.id, defaults)),
  );

  r.patch(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Change the settings sent; the others keep their value',
        body: userSettingsUpdateSchema,
        response,
      },
      preHandler,
    },
    async (request) =>
      ok(await app.database.transaction((tx) => updateSettings(tx, request.user.id, request.body, defaults))),
  );
}
