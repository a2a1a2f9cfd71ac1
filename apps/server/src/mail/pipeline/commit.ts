import type { Tx } from '../../db/client.js';
import type { DeliveryDeps } from './ports.js';

/**
 * Step 8, commit: one transaction per recipient, and it resolves only once the commit is durable
 * (on PGlite, syncToFs inside database.transaction). Only then may SMTP answer 250: a crash before
 * this point leaves the sender holding the message, never a 250 for mail that is not stored.
 */
export function commitDelivery<T>(deps: DeliveryDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.database.transaction(work);
}
