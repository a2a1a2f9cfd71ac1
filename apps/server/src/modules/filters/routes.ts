import type { FastifyInstance } from 'fastify';
import { FILTER_VALIDATION_MESSAGES } from '@postline/shared/filter-messages';
import { registerValidationMessages } from '../../lib/validation-text.js';
import { filterErrorHandler } from './errors.js';
import { ExistingMailJobs } from './existing-mail.js';
import { FilterInteropService } from './interop.js';
import filterRoutes from './filter-routes.js';
import filterRunRoutes from './run-routes.js';
import { FilterRunService } from './run-service.js';
import { FilterService } from './service.js';
import type { NotificationService } from '../notifications/index.js';
import filterTransferRoutes from './transfer-routes.js';

/**
 * The filters area (issue 5): its routes under /api/v1 and the background job for applyToExisting
 * (delivery calls delivery-filters.ts, wired in src/wiring.ts). Encapsulated on purpose: the XML and
 * Sieve body parsers and the field-error handler apply to these routes only.
 */
export default async function filtersPlugin(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationService },
) {
  registerValidationMessages(FILTER_VALIDATION_MESSAGES);
  app.setErrorHandler(filterErrorHandler);
  // Import bodies may be the file itself; text/plain is parsed as text by Fastify already.
  app.addContentTypeParser(
    ['application/xml', 'text/xml', 'application/sieve'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const jobs = new ExistingMailJobs(app, notifications);
  app.addHook('onClose', async () => jobs.close());
  const service = new FilterService(app, jobs);
  const runs = new FilterRunService(app);
  const interop = new FilterInteropService(app, service);

  await app.register(filterRoutes, { service });
  await app.register(filterRunRoutes, { service, runs });
  await app.register(filterTransferRoutes, { interop });
}
