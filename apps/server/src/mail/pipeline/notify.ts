import type { Tx } from '../../db/client.js';
import type { DeliveredMessage, DeliveryContext } from '../format/types.js';
import type { DeliveryDeps, FilterVerdict } from './ports.js';

/** A message of the transaction, stored (step 5), to notify of. */
export interface NotifiedDelivery {
  ctx: DeliveryContext;
  message: DeliveredMessage;
  verdict: FilterVerdict | null;
}

/**
 * Step 7, notify, for the messages of one transaction: the mail-arrived push for open lists
 * (whatever the user's notification settings), NEW_MESSAGE (or SYSTEM_ALERT for a bounce), then
 * what the filters did (FILTER_EXECUTED and their statistics). The notifications go in one
 * statement and their pushes in another, however many messages (issue 13). With `savepoints` they
 * are in one: a notification that cannot be written must never cost the user the mail itself, so
 * it is logged and the mail kept. Without, a failure fails the transaction, and the batcher
 * retries each delivery alone with a savepoint (batch.ts). All commit with the messages, and their
 * NOTIFY reaches every node's sockets only then.
 */
export async function writeNotifications(
  deps: DeliveryDeps,
  tx: Tx,
  delivered: readonly NotifiedDelivery[],
  { savepoints }: { savepoints: boolean },
): Promise<void> {
  const mailArrived = delivered.map(({ ctx, message }) =>
    deps.push.mailArrived(ctx.userId, { messageId: message.id, mailboxId: message.mailboxId }),
  );
  // Each mail-arrived push goes in its notification's statement; if that is undone, it goes alone.
  const notices = delivered.map(({ ctx, message }, i) => ({ ctx, message, alsoPublish: [mailArrived[i]!] }));
  const notify = (q: Tx) => deps.notifications.newMail(q, notices);
  let notified: boolean[] = [];
  try {
    notified = savepoints ? await tx.transaction(notify) : await notify(tx);
  } catch (error) {
    if (!savepoints) throw error;
    deps.logger.error(
      {
        err: error,
        userIds: delivered.map((d) => d.ctx.userId),
        messageIds: delivered.map((d) => d.message.id),
      },
      'new-mail notification not written',
    );
  }
  await deps.push.publish(
    tx,
    mailArrived.filter((_, i) => !notified[i]),
  );
  for (const { ctx, message, verdict } of delivered) {
    if (verdict) await deps.filters.record(tx, ctx, message, verdict);
  }
}
