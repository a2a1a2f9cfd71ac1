import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';

/** Process start: config, database, HTTP; closes everything on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
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
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  // One clear line for the operator (e.g. the data folder is in use), then a non-zero exit.
  process.stderr.write(`Postline could not start: ${message}\n`);
  process.exit(1);
});
