import type { Tx } from '../../db/client.js';
import type { DeliveredMessage } from '../format/types.js';
import type { DeliveryDeps, FolderCountDelta } from './ports.js';

/**
 * Step 6, update counts: each folder's total and unread, in the same transaction (DESIGN.md), one
 * delta row per folder for all the messages of the transaction (a batch, batch.ts).
 */
export async function updateCounts(
  deps: DeliveryDeps,
  tx: Tx,
  delivered: readonly { message: DeliveredMessage }[],
): Promise<void> {
  const byFolder = new Map<number, FolderCountDelta>();
  for (const { message } of delivered) {
    const folder = byFolder.get(message.mailboxId) ?? { mailboxId: message.mailboxId, total: 0, unread: 0 };
    folder.total += 1;
    if (!message.isRead) folder.unread += 1;
    byFolder.set(message.mailboxId, folder);
  }
  await deps.folders.adjustCounts(tx, [...byFolder.values()]);
}
