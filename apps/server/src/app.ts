import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { loggableError } from './lib/loggable-error.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin, { sendFrameworkError } from './plugins/errors.js';
import requestGuards from './plugins/request-guards.js';
import webAppPlugin from './plugins/web-app.js';
import type { DeliveryDeps } from './mail/pipeline/ports.js';
import type { ComposeDeps } from './modules/compose/index.js';
import { registerBlobSweep } from './modules/attachments/index.js';
import attachmentRoutes from './modules/attachments/routes.js';
import authRoutes, { oidcRoutes } from './modules/auth/routes.js';
import composeRoutes from './modules/compose/routes.js';
import contactRoutes from './modules/contacts/routes.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import filterRoutes from './modules/filters/routes.js';
import { registerCountFolding } from './modules/folders/index.js';
import folderRoutes from './modules/folders/routes.js';
import { folderContents, registerSearchBackfill } from './modules/messages/index.js';
import messageRoutes from './modules/messages/routes.js';
import type { NotificationService } from './modules/notifications/index.js';
import notificationRoutes from './modules/notifications/routes.js';
import remoteImageRoutes from './modules/remote-images/routes.js';
import settingsRoutes from './modules/settings/routes.js';
import unsubscribeRoutes from './modules/unsubscribe/routes.js';
import awayReplyRoutes from './modules/away-replies/routes.js';
import signatureRoutes from './modules/signatures/routes.js';
import spamRoutes from './modules/spam/routes.js';
import systemRoutes from './modules/system/routes.js';
import templateRoutes from './modules/templates/routes.js';
import { createAppParts } from './wiring.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Delivery's collaborators (mail/pipeline/ports.ts), for SMTP, the outbox worker and tests. */
    delivery: DeliveryDeps;
    /** The notifications (modules/notifications), for real time and tests. */
    notifications: NotificationService;
    /** Compose's send path, for the scheduled sender the worker part runs (issue 36). */
    compose: ComposeDeps;
  }
}

export interface AppDependencies {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where log lines go instead of stdout (tests read them); the level and serializers stay. */
  logStream?: { write(line: string): void };
}

export const API_PREFIX = '/api/v1';

/** The whole HTTP app; server.ts listens with it and tests call it through inject() as it is. */
export async function buildApp({
  config,
  database,
  logger,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged through loggableError: never with the values of the request (issue 11).
    logger: logger ?? {
      level: config.logLevel,
      serializers: { err: loggableError, error: loggableError },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Only proxies the operator named may speak for the client (TRUST_PROXY, issue 11).
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    frameworkErrors: sendFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  // Built once, from required parts; the routes below are given what they call (wiring.ts).
  const parts = createAppParts(config, database, app.log);
  app.decorate('delivery', parts.delivery);
  app.decorate('notifications', parts.notifications);
  app.decorate('compose', parts.compose);

  await app.register(errorsPlugin);
  await app.register(requestGuards);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images of a mail, once its reader allows them, come from any site and over http too;
        // the mail's frame (srcdoc) inherits this policy and narrows it with its own.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain http under any name but localhost, this would send the browser to https for
        // every asset and leave the page blank: only a site served over https asks for it.
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  // API answers over 1 kB go out compressed (issue 17); the web app's files are compressed once at
  // build time and sent as they are (plugins/web-app.ts). Brotli at quality 4: most of its gain
  // for a fraction of the CPU of the default 11, which is meant for files compressed once.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Postline API',
        version: '1.0.0',
        description: 'Web mail: messages, filters, templates, signatures, notifications.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API reference is for developers: public only where the operator asks (API_DOCS, issue 11).
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { database, jwtSecret: config.jwtSecret, setUpUser: parts.setUpUser });
  registerCountFolding(app); // folder counts: pending changes into the folder rows
  registerSearchBackfill(app); // search_vector of mail stored before 0012, in batches
  registerBlobSweep(app, parts.attachments); // files nothing refers to any more
  const { delivery } = parts;
  app.addHook('onClose', async () => {
    await delivery.parser.close();
    await delivery.files
      .flush()
      .catch((error: unknown) => app.log.error({ err: error }, 'blob holds not ended'));
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes, {
        mockLogin: config.mockLogin,
        rateLimitPerMinute: config.authRateLimitPerMinute,
      });
      await api.register(notificationRoutes, { service: parts.notifications });
      await api.register(folderRoutes, { contents: folderContents }); // a deleted folder's mail to Trash
      await api.register(messageRoutes, parts.messages); // with /messages/{id}/original
      await api.register(composeRoutes, parts.compose); // send, reply, forward, drafts
      await api.register(dashboardRoutes);
      await api.register(templateRoutes);
      await api.register(signatureRoutes);
      await api.register(attachmentRoutes, { deps: parts.attachments });
      await api.register(filterRoutes, { notifications: parts.notifications }); // and applyToExisting jobs
      await api.register(spamRoutes, { messages: parts.messages }); // PATCH /messages/{id}/spam
      await api.register(remoteImageRoutes); // senders whose remote images always show
      await api.register(settingsRoutes); // the person's own settings (undo delay, conversation view)
      await api.register(contactRoutes); // contacts, groups, import/export, autocomplete
      await api.register(unsubscribeRoutes); // one-click unsubscribe (RFC 8058)
      await api.register(awayReplyRoutes); // the away reply; delivery answers through parts.delivery.away
      // <feature route plugins go here, one line each, with what they call from `parts`>
    },
    { prefix: API_PREFIX },
  );
  await app.register(oidcRoutes, { config });
  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
