import { buildServer } from './build-server.js';
import { loadConfig } from './config.js';

/** Process start: the parts config.services chooses (build-server.ts); closes them on SIGINT/SIGTERM. */
async function main() {
  const server = await buildServer(loadConfig());
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  // One clear line for the operator (e.g. the data folder is in use), then a non-zero exit.
  process.stderr.write(`Postline could not start: ${message}\n`);
  process.exit(1);
});
