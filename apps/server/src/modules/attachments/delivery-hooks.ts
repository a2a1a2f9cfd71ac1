import type { DeliveryHooks } from '../../mail/types.js';
import { storeMessageSource } from './message-sources.js';
import { releaseHeldBlob, storeIncomingAttachments, type AttachmentDeps } from './service.js';

/** How long blobs of a delivery stay held when its commit is never reported (it rolled back). */
const UNCONFIRMED_HOLD_MS = 60_000;

interface PendingDelivery {
  hashes: string[];
  timer: NodeJS.Timeout;
}

export interface AttachmentDeliveryHooks {
  /**
   * App close: ends every hold without sweeping. A delivery still committing must not lose its
   * files; one that rolled back leaves an unreferenced blob, which costs disk, not mail.
   */
  flush(): Promise<void>;
}

/**
 * Stores inbound files and the original source inside the delivery transaction (DESIGN.md "Data and
 * mail flow"). Their
 * blobs stay held until the committed hook says the rows are durable; a delivery that rolls back
 * never says so, and after UNCONFIRMED_HOLD_MS its blobs are released and swept as unreferenced.
 */
export function registerAttachmentDeliveryHooks(
  hooks: DeliveryHooks,
  deps: AttachmentDeps,
  onError: (error: unknown) => void,
): AttachmentDeliveryHooks {
  const pending = new Map<number, PendingDelivery>();

  const settle = async (messageId: number, sweep: boolean) => {
    const entry = pending.get(messageId);
    if (!entry) return;
    pending.delete(messageId);
    clearTimeout(entry.timer);
    for (const hash of entry.hashes) await releaseHeldBlob(deps, hash, sweep);
  };
  // Never awaited inside the delivery transaction: on PGlite the sweep's queries wait for it to end.
  const settleLater = (messageId: number, sweep: boolean) => {
    settle(messageId, sweep).catch(onError);
  };

  hooks.stored.push(async (tx, ctx, message) => {
    const source = ctx.mail.source;
    if (ctx.mail.attachments.length === 0 && !source) return;
    const held: string[] = [];
    const timer = setTimeout(() => settleLater(message.id, true), UNCONFIRMED_HOLD_MS);
    timer.unref();
    pending.set(message.id, { hashes: held, timer });
    try {
      await storeIncomingAttachments(tx, ctx.userId, message.id, ctx.mail.attachments, deps.blobStore, held);
      if (source) await storeMessageSource(tx, message.id, source, deps.blobStore, held);
    } catch (error) {
      // The delivery rolls back: what was written so far goes once the rollback is through.
      settleLater(message.id, true);
      throw error;
    }
  });
  hooks.committed.push(async (_ctx, message) => {
    await settle(message.id, false);
  });

  return {
    async flush() {
      for (const messageId of [...pending.keys()]) await settle(messageId, false);
    },
  };
}
