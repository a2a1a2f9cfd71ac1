import type { Tx } from '../../db/client.js';
import { adjustCounts } from '../../modules/mailboxes/index.js';
import type { DeliveredMessage } from '../types.js';

/** Step 6, update counts: the folder's total and unread, in the same transaction (DESIGN.md). */
export async function updateCounts(tx: Tx, message: DeliveredMessage): Promise<void> {
  await adjustCounts(tx, message.mailboxId, { total: 1, unread: message.isRead ? 0 : 1 });
}
