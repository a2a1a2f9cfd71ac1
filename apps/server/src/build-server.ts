import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { applyRequestDeadlines } from './lib/request-deadlines.js';
import {
  startOutboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from './mail/transport/outbox-worker.js';
import { startScheduledSender, type ScheduledSender } from './modules/compose/index.js';
import { startSmtpServer, type RunningSmtpServer, type SmtpServerOptions } from './mail/transport/smtp-in.js';
import { loadDkimKey } from './mail/transport/dkim-key.js';
import { attachRealtime, type RealtimeEndpoint, type RealtimeOptions } from './realtime/endpoint.js';

export interface ServerDependencies extends Pick<AppDependencies, 'logger' | 'logStream'> {
  /** A database already open (a test's fresh one), closed by its owner; else config's is opened and closed here. */
  database?: Database;
  /** Routes or hooks a test adds before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void;
  /** False: the app is built and ready but nothing listens or runs (tests that call inject()). */
  start?: boolean;
  /** Settings a test shortens or replaces (heartbeats, retry delays, TLS files' contents...). */
  realtime?: RealtimeOptions;
  outbox?: Partial<Omit<OutboxWorkerOptions, 'delivery'>>;
  smtp?: Partial<Omit<SmtpServerOptions, 'delivery'>>;
}

export interface PostlineServer {
  app: FastifyInstance;
  database: Database;
  /** http://host:port of the web part, when it runs. */
  httpUrl?: string;
  realtime?: RealtimeEndpoint;
  smtp?: RunningSmtpServer;
  outbox?: OutboxWorker;
  /** Sends mail held for undo or scheduled for later when its time comes (issue 36). */
  scheduled?: ScheduledSender;
  /** Stops every part in the reverse order of starting, then the database when it opened it. */
  close(): Promise<void>;
}

/**
 * The one place a Postline process is put together (DESIGN.md "Runtime"): database, the HTTP app,
 * and the parts config.services chooses. web listens with the real-time endpoint at /ws, smtp takes
 * inbound mail, worker sends the outbox. Every part needs the app: it holds the delivery pipeline
 * and the notifications that real time, SMTP and the worker share.
 */
export async function buildServer(config: Config, deps: ServerDependencies = {}): Promise<PostlineServer> {
  const database =
    deps.database ??
    (await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
    }));
  // Each part's stop, pushed as it starts; close() runs them last to first.
  const stops: Array<() => Promise<void>> = deps.database ? [] : [() => database.close()];
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    const app = await buildApp({ config, database, logger: deps.logger, logStream: deps.logStream });
    stops.push(() => app.close());
    const server: PostlineServer = { app, database, close };
    if (deps.start === false) {
      deps.beforeReady?.(app);
      await app.ready();
      return server;
    }
    if (config.services.has('web')) {
      // STOMP over SockJS at /ws on the same port, in place before the port opens. Closed before
      // the app: open sockets would hold the HTTP server open; clients get 1001 and reconnect.
      const realtime = await attachRealtime(app, deps.realtime);
      stops.push(() => realtime.close());
      server.realtime = realtime;
      // After the real-time endpoint, so that they stand in front of it as well.
      applyRequestDeadlines(app.server, config.requestDeadlines, (reason, req) =>
        app.log.info(
          { reason, ip: req.socket.remoteAddress, url: req.url },
          'http: request too slow, closed',
        ),
      );
    }
    deps.beforeReady?.(app);
    await app.ready();
    if (config.services.has('worker')) {
      const outbox = startOutboxWorker({
        delivery: app.delivery,
        relayUrl: config.smtp.relayUrl,
        logger: app.log,
        pollMs: config.sending.pollMs,
        mailDomain: config.mailDomain,
        dkim: loadDkimKey({
          domain: config.mailDomain,
          selector: config.dkim.selector,
          dataDir: config.dataDir,
          privateKeyFile: config.dkim.privateKeyFile,
        }),
        ...deps.outbox,
      });
      stops.push(() => outbox.stop());
      server.outbox = outbox;
      const scheduled = startScheduledSender({
        deps: app.compose,
        logger: app.log,
        pollMs: config.sending.pollMs,
      });
      stops.push(() => scheduled.stop());
      server.scheduled = scheduled;
    }
    if (config.services.has('web')) {
      const address = await app.listen({ port: config.port, host: config.host });
      server.httpUrl = address;
      app.log.info(`listening on ${address.replace('[::1]', 'localhost')}`);
    }
    if (config.services.has('smtp')) {
      // Started last, stopped first: a session cut short gets no 250, so its sender keeps the
      // message and retries.
      const smtp = await startSmtpServer({
        port: config.smtp.port,
        host: config.smtp.host,
        delivery: app.delivery,
        logger: app.log,
        name: config.mailDomain,
        limits: config.smtp.limits,
        spoolDir: path.join(config.dataDir, 'spool'),
        ...smtpTls(config),
        ...deps.smtp,
      });
      stops.push(() => smtp.close());
      server.smtp = smtp;
      app.log.info(`smtp listening on ${config.smtp.host}:${smtp.port}`);
    }
    app.log.info(
      `running ${[...config.services].join(', ')}; database: ${database.kind}` +
        (database.kind === 'pglite' ? ` in ${config.dataDir}` : ''),
    );
    return server;
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** With both PEM files, inbound SMTP offers STARTTLS. */
function smtpTls(config: Config): Pick<SmtpServerOptions, 'tls'> {
  const { tlsKeyFile, tlsCertFile } = config.smtp;
  if (!tlsKeyFile || !tlsCertFile) return {};
  return { tls: { key: fs.readFileSync(tlsKeyFile), cert: fs.readFileSync(tlsCertFile) } };
}
