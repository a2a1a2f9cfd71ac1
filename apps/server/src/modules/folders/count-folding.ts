import type { FastifyInstance } from 'fastify';
import { foldFolderCounts } from './counts.js';

/** How often each node moves pending count changes into the folder rows (see counts.ts). */
export const COUNT_FOLD_EVERY_MS = 2_000;

/**
 * Folds pending folder-count changes every COUNT_FOLD_EVERY_MS on every node, and once more on
 * close, so mailbox_count_deltas stays a few seconds' worth of rows. Readers are right either way.
 */
export function registerCountFolding(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const fold = () => {
    running = running
      .then(() => foldFolderCounts(app.database.db))
      .catch((err: unknown) => app.log.warn({ err }, 'folding folder counts failed'));
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void fold(), COUNT_FOLD_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await fold();
  });
}
