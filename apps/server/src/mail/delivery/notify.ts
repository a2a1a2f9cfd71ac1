import type { Tx } from '../../db/client.js';
import type { FilterVerdict } from '../../modules/filters/index.js';
import { notifyDelivered } from '../../modules/notifications/index.js';
import { encodeMailArrivedEvent, publishEvents } from '../../realtime/fan-out.js';
import type { DeliveredMessage, DeliveryContext } from '../types.js';
import type { DeliveryDeps } from './types.js';

/**
 * Step 7, notify: the mail-arrived push for open lists (whatever the user's notification settings),
 * NEW_MESSAGE (or SYSTEM_ALERT for a bounce), then what the filters did (FILTER_EXECUTED and their
 * statistics). Each notification in a savepoint: one that cannot be written must never cost the
 * user the mail itself (in a batch, the batch's retry one by one gives each that savepoint). All commit with the message, and their NOTIFY reaches every node's sockets
 * only then.
 */
export async function writeNotifications(
  deps: DeliveryDeps,
  tx: Tx,
  ctx: DeliveryContext,
  message: DeliveredMessage,
  verdict: FilterVerdict | null,
  { batched = false }: { batched?: boolean } = {},
): Promise<void> {
  const mailArrived = encodeMailArrivedEvent(ctx.userId, {
    messageId: message.id,
    mailboxId: message.mailboxId,
  });
  // The mail-arrived push goes in the notification's statement; if that is undone, it goes alone.
  const notify = (q: Tx) => notifyDelivered(deps.notifications, q, ctx, message, [mailArrived]);
  let notified = false;
  try {
    // In a batch, no savepoint: if this fails, the batch is retried one by one, each with its own.
    notified = Boolean(batched ? await notify(tx) : await tx.transaction(notify));
  } catch (error) {
    if (batched) throw error;
    deps.logger.error(
      { err: error, userId: ctx.userId, messageId: message.id },
      'new-mail notification not written',
    );
  }
  if (!notified) await publishEvents(tx, [mailArrived]);
  if (verdict) await deps.filters.record(tx, ctx, message, verdict);
}
