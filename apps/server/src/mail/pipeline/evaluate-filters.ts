import type { Tx } from '../../db/client.js';
import type { DeliveryContext } from '../format/types.js';
import type { DeliveryDeps, FilterVerdict, Placement } from './ports.js';
import type { Recipient } from './recipients.js';

export interface FilterStepResult {
  placement: Placement;
  /** What the filters decided, for their statistics and the after-commit sends; null if none acted. */
  verdict: FilterVerdict | null;
}

/**
 * Step 4, evaluate filters. A broken filter is logged and its decision ignored (what it wrote is in
 * a savepoint, see DeliveryFilters.evaluate), and the mail still arrives in the inbox rather than
 * being refused. A folder that is not the user's is never trusted, whoever chose it.
 */
export async function evaluateFilters(
  deps: DeliveryDeps,
  tx: Tx,
  ctx: DeliveryContext,
  recipient: Pick<Recipient, 'inboxId'>,
): Promise<FilterStepResult> {
  // Mail the checks judged spam starts in Spam; a filter may still file it elsewhere.
  const inboxId =
    ctx.trace.disposition.kind === 'spam'
      ? await deps.folders.spam(tx, ctx.userId)
      : (recipient.inboxId ?? (await deps.folders.inbox(tx, ctx.userId)));
  let verdict: FilterVerdict | null = null;
  try {
    verdict = await deps.filters.evaluate(tx, ctx);
  } catch (error) {
    deps.logger.error(
      { err: error, userId: ctx.userId },
      'delivery filters failed; their decision is ignored',
    );
  }
  const placement: Placement = {
    mailboxId: verdict?.mailboxId ?? inboxId,
    isRead: verdict?.isRead ?? false,
    isStarred: verdict?.isStarred ?? false,
    labels: [...(verdict?.labels ?? [])],
  };
  if (placement.mailboxId !== inboxId && !(await deps.folders.owns(tx, ctx.userId, placement.mailboxId))) {
    deps.logger.error(
      { userId: ctx.userId, mailboxId: placement.mailboxId },
      "a filter chose a folder that is not the user's; using INBOX",
    );
    placement.mailboxId = inboxId;
  }
  return { placement, verdict };
}
