import type { ForwardRequest, ReplyRequest, SendMessageRequest } from '@postline/shared/message-requests';
import { AppError } from '../../lib/errors.js';
import { startDueWorkLoop } from '../../lib/due-work-loop.js';
import type { MailLogger } from '../../lib/mail-logger.js';
import { getSystemFolder } from '../folders/index.js';
import { placeDraft } from '../messages/index.js';
import { forward, reply, sendNew } from './compose.js';
import type { ComposeDeps } from './ports.js';
import {
  claimDueSends,
  dropClaimedSend,
  msUntilNextDue,
  releaseFailedSend,
  SCHEDULED_CHANNEL,
  takeBackClaimedSend,
  takeClaimedSend,
  type ClaimedSend,
} from './scheduled-store.js';
import { SendCalledOff } from './send.js';

export interface ScheduledSenderOptions {
  deps: ComposeDeps;
  logger: MailLogger;
  /** The longest sleep between looks when nothing wakes it (OUTBOX_POLL_SECONDS). */
  pollMs: number;
  /** How long a claimed mail stays away from other nodes while it is being sent. */
  leaseMs?: number;
  batchSize?: number;
}

export interface ScheduledSender {
  wake(): void;
  /** Finishes the sends under way and stops. */
  stop(): Promise<void>;
}

/**
 * Sends one claimed mail as the send would have gone when it was asked: the same path, with the
 * waiting draft (its files, its recipients' names) as the draft being sent, which leaves Scheduled
 * in the send's transaction. That transaction first deletes the schedule's row under this claim's
 * token, so a mail cancelled meanwhile, or sent by another node, is not sent again.
 */
export async function sendClaimed(deps: ComposeDeps, claim: ClaimedSend): Promise<void> {
  const take = (tx: Parameters<typeof takeClaimedSend>[0]) => takeClaimedSend(tx, claim);
  const draft = { attachmentIds: [], draftId: claim.messageId };
  const { userId } = claim;
  switch (claim.kind) {
    case 'NEW':
      await sendNew(deps, userId, { ...(claim.request as SendMessageRequest), ...draft }, take);
      return;
    case 'REPLY':
    case 'REPLY_ALL':
      await reply(
        deps,
        userId,
        { ...(claim.request as ReplyRequest), ...draft },
        claim.kind === 'REPLY_ALL',
        take,
      );
      return;
    case 'FORWARD':
      await forward(
        deps,
        userId,
        { ...(claim.request as ForwardRequest), ...draft },
        claim.language,
        claim.timeZone ?? undefined,
        take,
      );
      return;
  }
}

/**
 * The scheduled sender (issue 36), run where the outbox worker runs: sleeps until the next mail is
 * due (at most pollMs, woken at once by a NOTIFY when a mail is held or sent now), claims what is
 * due and sends it. The schedule lives in the database only, so a restart loses nothing: what fell
 * due meanwhile goes at the first look.
 */
export function startScheduledSender(options: ScheduledSenderOptions): ScheduledSender {
  const { deps, logger, pollMs } = options;
  const { database } = deps.delivery;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 5;

  async function sendOne(claim: ClaimedSend) {
    try {
      await sendClaimed(deps, claim);
      logger.info({ messageId: claim.messageId, undo: claim.undo }, 'scheduled: sent');
    } catch (error) {
      if (error instanceof SendCalledOff) {
        // Cancelled, or moved out of Scheduled by its owner: off the schedule if still ours.
        await dropClaimedSend(database.db, claim);
        return;
      }
      if (error instanceof AppError && error.status < 500) {
        // It can never go as it is (the message it answers was deleted for good, a file is gone):
        // back to Drafts, where its writer finds it, rather than tried for ever.
        await database.transaction(async (tx) => {
          if (await takeBackClaimedSend(tx, claim))
            await placeDraft(
              tx,
              claim.userId,
              claim.messageId,
              await getSystemFolder(tx, claim.userId, 'DRAFTS'),
              new Date(),
            );
        });
        logger.warn(
          { messageId: claim.messageId, code: error.code },
          'scheduled: cannot be sent, back to Drafts',
        );
        return;
      }
      logger.error({ err: error, messageId: claim.messageId }, 'scheduled: send failed, will retry');
      await releaseFailedSend(database.db, claim, error instanceof Error ? error.message : String(error));
    }
  }

  /** One pass: claims what is due and sends it; answers how long to sleep. */
  async function pass(stopped: () => boolean): Promise<number> {
    const due = await claimDueSends(database, batchSize, leaseMs);
    for (const claim of due) {
      if (stopped()) break;
      await sendOne(claim);
    }
    if (due.length >= batchSize) return 0;
    // Never a busy loop: a row due but held by another node's claim is looked at again soon.
    return Math.max(25, Math.min(pollMs, (await msUntilNextDue(database.db)) ?? pollMs));
  }

  return startDueWorkLoop({
    database,
    logger,
    channel: SCHEDULED_CHANNEL,
    name: 'scheduled',
    pass,
    errorSleepMs: pollMs,
  });
}
