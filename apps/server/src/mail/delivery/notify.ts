import type { Tx } from '../../db/client.js';
import type { FilterVerdict } from '../../modules/filters/delivery-filters.js';
import { notifyDelivered } from '../../modules/notifications/events.js';
import type { DeliveredMessage, DeliveryContext } from '../types.js';
import type { DeliveryDeps } from './types.js';

/**
 * Step 7, notify: NEW_MESSAGE (or SYSTEM_ALERT for a bounce), then what the filters did
 * (FILTER_EXECUTED and their statistics). Each in a savepoint: a notification that cannot be
 * written must never cost the user the mail itself. The rows commit with the message, and their
 * NOTIFY reaches every node's sockets only then.
 */
export async function writeNotifications(
  deps: DeliveryDeps,
  tx: Tx,
  ctx: DeliveryContext,
  message: DeliveredMessage,
  verdict: FilterVerdict | null,
): Promise<void> {
  try {
    await tx.transaction((savepoint) => notifyDelivered(deps.notifications, savepoint, ctx, message));
  } catch (error) {
    deps.logger.error(
      { err: error, userId: ctx.userId, messageId: message.id },
      'new-mail notification not written',
    );
  }
  if (verdict) await deps.filters.record(tx, ctx, message, verdict);
}
