import type { FastifyInstance } from 'fastify';
import { FileBlobStore } from '../../storage/blob-store.js';
import { sweepReleasedBlobs, type AttachmentDeps } from './service.js';

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The blob store's housekeeping for the app's life: stale temporary files go at start, and files
 * nothing refers to any more are removed every few minutes. Rows deleted while no sweep ran (a
 * crash, a user deleted directly in SQL) leave notes behind, so the first sweep runs at start too.
 */
export function registerBlobSweep(app: FastifyInstance, deps: AttachmentDeps): void {
  const fileStore = deps.blobStore instanceof FileBlobStore ? deps.blobStore : undefined;
  const logError = (error: unknown) => app.log.error({ err: error }, 'attachment blob housekeeping failed');
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await fileStore?.removeStaleTempFiles().catch(logError);
    void sweepReleasedBlobs(deps).catch(logError);
    timer = setInterval(() => void sweepReleasedBlobs(deps).catch(logError), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
