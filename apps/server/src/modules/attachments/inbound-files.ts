import type { InboundFiles } from '../../mail/pipeline/ports.js';
import { storeMessageSources } from './message-sources.js';
import { releaseHeldBlob, storeIncomingAttachments, type AttachmentDeps } from './service.js';

/** How long blobs of a delivery stay held when its commit is never reported (it rolled back). */
const UNCONFIRMED_HOLD_MS = 60_000;

interface PendingDelivery {
  hashes: string[];
  timer: NodeJS.Timeout;
}

/**
 * Inbound files and sources on the blob store (DESIGN.md "Data and mail flow"). Their blobs stay
 * held until `release` says the rows are durable; a delivery that rolls back never says so, and
 * after UNCONFIRMED_HOLD_MS its blobs are released and swept as unreferenced. Built once per app.
 */
export function createInboundFiles(deps: AttachmentDeps, onError: (error: unknown) => void): InboundFiles {
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

  return {
    async store(tx, messages) {
      const writing = messages.filter(({ mail }) => mail.attachments.length > 0 || mail.source);
      const held = new Map(writing.map(({ messageId }) => [messageId, [] as string[]]));
      for (const [messageId, hashes] of held) {
        const timer = setTimeout(() => settleLater(messageId, true), UNCONFIRMED_HOLD_MS);
        timer.unref();
        pending.set(messageId, { hashes, timer });
      }
      try {
        for (const { userId, messageId, mail } of writing) {
          const hashes = held.get(messageId)!;
          await storeIncomingAttachments(tx, userId, messageId, mail.attachments, deps.blobStore, hashes);
        }
        const sources = writing.flatMap(({ messageId, mail }) =>
          mail.source ? [{ messageId, parts: mail.source, held: held.get(messageId)! }] : [],
        );
        await storeMessageSources(tx, sources, deps.blobStore);
      } catch (error) {
        // The delivery rolls back: what was written so far goes once the rollback is through.
        for (const messageId of held.keys()) settleLater(messageId, true);
        throw error;
      }
      return messages.map(({ messageId }) => (held.has(messageId) ? { messageId } : null));
    },
    async release(held) {
      if (held) await settle(held.messageId, false);
    },
    async flush() {
      for (const messageId of [...pending.keys()]) await settle(messageId, false);
    },
  };
}
