import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { buildBounce, GAVE_UP_REASON, NO_RELAY_REASON, type FailedRecipient } from './bounce.js';
import { runAfterCommit } from '../pipeline/after-commit.js';
import { storeForRecipient } from '../pipeline/deliver.js';
import type { DeliveryDeps, StoredDelivery } from '../pipeline/ports.js';
import { startDueWorkLoop } from '../../lib/due-work-loop.js';
import { stderrLogger, type MailLogger } from '../../lib/mail-logger.js';
import { withComposedSource } from '../format/outgoing-mime.js';
import {
  claimDueOutbound,
  markOutboundFailed,
  markOutboundSent,
  OUTBOX_CHANNEL,
  releaseExpiredLeases,
  rescheduleOutbound,
  type OutboxRow,
} from './outbox.js';
import { createRelayTransport, redactRelayUrl, type RelayResult, type RelayTransport } from './relay.js';
import type { DkimKey } from './dkim-key.js';
import { queryRows } from '../../db/rows.js';

const MINUTE = 60_000;
/** After the 1st, 2nd... failed attempt; the last step repeats until the deadline. */
export const DEFAULT_RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];
export const DEFAULT_GIVE_UP_AFTER_MS = 24 * 60 * MINUTE;

export interface OutboxWorkerOptions {
  /** The delivery pipeline, for bounces into the sender's inbox; its database holds the outbox. */
  delivery: DeliveryDeps;
  /** smtp:// or smtps:// with credentials; without it mail for other domains bounces at once. */
  relayUrl?: string | undefined;
  logger?: MailLogger;
  pollMs: number;
  retryDelaysMs?: number[];
  giveUpAfterMs?: number;
  /** Domain of MAILER-DAEMON and of the HELO name: the config's MAIL_DOMAIN. */
  mailDomain: string;
  batchSize?: number;
  /** How long a claimed row stays away from other workers while it is being sent. */
  leaseMs?: number;
  relayTimeoutMs?: number;
  /** The key relayed mail is signed with (DKIM); unsigned without. */
  dkim?: DkimKey;
}

type Finish = 'FAILED' | { retry: string[]; at: Date };

export interface OutboxWorker {
  /** Looks for due mail now instead of at the next poll. */
  wake(): void;
  /** Finishes the sends under way and stops; nothing is left half done. */
  stop(): Promise<void>;
}

/** Next try after `attempts` failures, but never past the deadline; null once the deadline passed. */
export function nextAttemptAt(
  row: Pick<OutboxRow, 'attempts' | 'createdAt'>,
  now: Date,
  delays: number[],
  giveUpAfterMs: number,
): Date | null {
  const deadline = row.createdAt.getTime() + giveUpAfterMs;
  if (now.getTime() >= deadline) return null;
  const delay = delays[Math.min(row.attempts, delays.length) - 1] ?? delays[delays.length - 1] ?? MINUTE;
  return new Date(Math.min(now.getTime() + delay, deadline));
}

/**
 * Sends queued mail through the relay (DESIGN.md "Runtime"): claims due rows, sends each as stored,
 * retries 4xx and network failures with backoff (1 min, 5 min, 30 min, 2 h, 6 h... until 24 h),
 * and for a 5xx, the deadline, or no relay at all puts a bounce in the sender's inbox in the same
 * transaction that marks the row FAILED.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { delivery } = options;
  const { database } = delivery;
  const logger = options.logger ?? stderrLogger;
  const domain = options.mailDomain;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const giveUpAfterMs = options.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS;
  const batchSize = options.batchSize ?? 5;
  const leaseMs = options.leaseMs ?? 10 * MINUTE;
  const timeout = options.relayTimeoutMs ?? 60_000;
  let transport: RelayTransport | undefined;
  if (options.relayUrl) {
    transport = createRelayTransport(
      options.relayUrl,
      domain,
      {
        connectionMs: Math.min(timeout, 30_000),
        socketMs: timeout,
      },
      options.dkim,
    );
    logger.info({ relay: redactRelayUrl(options.relayUrl) }, 'outbox: sending through the relay');
  } else {
    logger.info({}, 'outbox: no SMTP_RELAY_URL; mail for other domains is returned to its sender');
  }

  async function finishRow(tx: Tx, row: OutboxRow, finish: Finish, lastError: string) {
    if (finish === 'FAILED') await markOutboundFailed(tx, row.id, lastError);
    else
      await rescheduleOutbound(tx, row.id, { recipients: finish.retry, nextAttemptAt: finish.at, lastError });
  }

  /** The bounce and the row's new state commit together, so the sender is told exactly once. */
  async function bounce(row: OutboxRow, failed: FailedRecipient[], finish: Finish) {
    const lastError = failed
      .map((f) => `${f.recipient}: ${f.reason}`)
      .join('; ')
      .slice(0, 2000);
    let stored: StoredDelivery;
    try {
      stored = await database.transaction(async (tx): Promise<StoredDelivery> => {
        const [user] = await queryRows<{ email: string; name: string; language: string }>(
          tx,
          sql`SELECT email, name, language FROM users WHERE id = ${row.userId}`,
        );
        if (!user) throw new Error(`outbox row ${row.id} has no sender`);
        const mail = await withComposedSource(
          buildBounce({
            sender: { address: user.email, name: user.name },
            language: user.language === 'en' ? 'en' : 'ko',
            failed,
            original: row.raw,
            mailDomain: domain,
          }),
          domain,
        );
        const stored = await storeForRecipient(delivery, tx, row.userId, mail);
        await finishRow(tx, row, finish, lastError);
        return stored;
      });
    } catch (error) {
      // Without a bounce the row must still be settled, or the relay would be asked again and again.
      logger.error({ err: error, outboxId: row.id }, 'outbox: could not store the bounce');
      await database.transaction((tx) => finishRow(tx, row, finish, lastError));
      return;
    }
    await runAfterCommit(delivery, stored);
    logger.warn(
      { outboxId: row.id, failed: failed.map((f) => f.recipient) },
      'outbox: undeliverable, sender told',
    );
  }

  async function sendRow(row: OutboxRow) {
    const result: RelayResult = transport
      ? await transport.send({ from: row.envelopeFrom, to: row.recipients }, row.raw)
      : {
          accepted: [],
          refused: row.recipients.map((recipient) => ({
            recipient,
            reason: NO_RELAY_REASON,
            temporary: false,
          })),
        };
    const refused = new Map(result.refused.map((r) => [r.recipient.toLowerCase(), r]));
    const outcome = row.recipients.map((recipient) => ({
      recipient,
      failure: refused.get(recipient.toLowerCase()),
    }));
    const temporary = outcome.filter((o) => o.failure?.temporary);
    const permanent: FailedRecipient[] = outcome
      .filter((o) => o.failure && !o.failure.temporary)
      .map((o) => ({ recipient: o.recipient, reason: o.failure?.reason ?? '' }));
    const retryAt = temporary.length ? nextAttemptAt(row, new Date(), delays, giveUpAfterMs) : null;
    if (temporary.length && !retryAt) {
      for (const t of temporary)
        permanent.push({ recipient: t.recipient, reason: `${GAVE_UP_REASON}: ${t.failure?.reason ?? ''}` });
    }
    const retry = retryAt ? temporary.map((t) => t.recipient) : [];
    const lastError = temporary
      .map((t) => `${t.recipient}: ${t.failure?.reason ?? ''}`)
      .join('; ')
      .slice(0, 2000);

    if (permanent.length) {
      await bounce(row, permanent, retryAt ? { retry, at: retryAt } : 'FAILED');
    } else if (retryAt) {
      await database.transaction((tx) =>
        rescheduleOutbound(tx, row.id, { recipients: retry, nextAttemptAt: retryAt, lastError }),
      );
      logger.info(
        { outboxId: row.id, attempts: row.attempts, next: retryAt.toISOString(), reason: lastError },
        'outbox: will retry',
      );
    } else {
      await database.transaction((tx) => markOutboundSent(tx, row.id));
      logger.info({ outboxId: row.id, recipients: row.recipients.length }, 'outbox: sent');
    }
  }

  let lastLeaseCheck = 0;
  /** One pass: leases run out are released now and then, due rows are claimed and sent. */
  async function pass(): Promise<number> {
    if (Date.now() - lastLeaseCheck > Math.min(leaseMs, MINUTE)) {
      await releaseExpiredLeases(database);
      lastLeaseCheck = Date.now();
    }
    const rows = await claimDueOutbound(database, batchSize, leaseMs);
    await Promise.all(
      rows.map((row) =>
        sendRow(row).catch((error: unknown) => {
          // The lease brings the row back later; nothing is lost.
          logger.error({ err: error, outboxId: row.id }, 'outbox: processing failed');
        }),
      ),
    );
    return rows.length < batchSize ? options.pollMs : 0;
  }

  const loop = startDueWorkLoop({
    database,
    logger,
    channel: OUTBOX_CHANNEL,
    name: 'outbox',
    pass,
    errorSleepMs: options.pollMs,
  });
  return {
    wake: loop.wake,
    async stop() {
      await loop.stop();
      transport?.close();
    },
  };
}
