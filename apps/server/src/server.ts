import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { attachRealtime } from './realtime/endpoint.js';
import { setMailDomain } from './mail/mime.js';
import { startOutboxWorker, type OutboxWorker } from './mail/outbox-worker.js';
import { loadDkimKey } from './mail/trust/dkim-key.js';
import { startSmtpServer, type RunningSmtpServer } from './mail/smtp-in.js';

const OUTBOX_POLL_MS = 5_000;

/** Process start: config, database, HTTP, SMTP in, outbox worker; closes everything on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  setMailDomain(config.mailDomain);
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  const app = await buildApp({ config, database });
  // STOMP over SockJS at /ws on the same port, in place before the port opens.
  const realtime = await attachRealtime(app);
  const outbox: OutboxWorker = startOutboxWorker({
    delivery: app.delivery,
    relayUrl: config.smtp.relayUrl,
    logger: app.log,
    pollMs: OUTBOX_POLL_MS,
    mailDomain: config.mailDomain,
    dkim: loadDkimKey({
      domain: config.mailDomain,
      selector: config.dkim.selector,
      dataDir: config.dataDir,
      privateKeyFile: config.dkim.privateKeyFile,
    }),
  });
  let smtp: RunningSmtpServer | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Inbound first: a session cut short gets no 250, so its sender keeps the message and retries.
      await smtp?.close();
      await outbox.stop();
      // Open sockets would hold the HTTP server open; clients get 1001 and reconnect (to another node).
      await realtime.close();
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`listening on ${address.replace('[::1]', 'localhost')}`);
  app.log.info(`database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}`);

  if (config.smtp.port !== 0) {
    const tls =
      config.smtp.tlsKeyFile && config.smtp.tlsCertFile
        ? { key: fs.readFileSync(config.smtp.tlsKeyFile), cert: fs.readFileSync(config.smtp.tlsCertFile) }
        : undefined;
    smtp = await startSmtpServer({
      port: config.smtp.port,
      host: config.smtp.host,
      delivery: app.delivery,
      logger: app.log,
      name: config.mailDomain,
      limits: config.smtp.limits,
      spoolDir: path.join(config.dataDir, 'spool'),
      ...(tls ? { tls } : {}),
    });
    app.log.info(`smtp listening on ${config.smtp.host}:${smtp.port}`);
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  // One clear line for the operator (e.g. the data folder is in use), then a non-zero exit.
  process.stderr.write(`Postline could not start: ${message}\n`);
  process.exit(1);
});
