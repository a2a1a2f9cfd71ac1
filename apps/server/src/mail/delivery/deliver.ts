import type { Tx } from '../../db/client.js';
import { ensureSpecialMailbox, getSystemMailbox } from '../../modules/mailboxes/index.js';
import type { DeliveredMessage, IncomingMail } from '../types.js';
import { runAfterCommit } from './after-commit.js';
import { authenticate, readSenderTrace, type SenderTrace } from './authenticate.js';
import { commitDelivery } from './commit.js';
import { DeliveryBatcher } from './batch.js';
import { evaluateFilters } from './evaluate-filters.js';
import { writeNotifications } from './notify.js';
import { parseInbound, type RawInbound } from './parse.js';
import { copyForRecipient, loadRecipient, resolveRecipients } from './recipients.js';
import { storeMessage } from './store-message.js';
import type { DeliveryDeps, StoredDelivery } from './types.js';
import { updateCounts } from './update-counts.js';

/*
 * Inbound delivery, in the order it happens (DESIGN.md "Data and mail flow", docs/ARCHITECTURE.md
 * "Delivery pipeline"). Each step is one file beside this one.
 */

export interface DeliveryReport {
  delivered: DeliveredMessage[];
  /** Addresses without a user here; SMTP refused them at RCPT, so these left meanwhile. */
  unknown: string[];
}

/**
 * Delivers one message to every address that belongs to a user here, each recipient in their own
 * transaction; `knownUsers` are addresses (lower case) the caller already found users for. The first failure is thrown: SMTP answers 451 and the sender retries all of them
 * (a duplicate for some is the price of never losing one).
 */
export async function deliver(
  deps: DeliveryDeps,
  input: RawInbound | IncomingMail,
  addresses: string[],
  knownUsers?: ReadonlyMap<string, number>,
): Promise<DeliveryReport> {
  const parsed = await parseInbound(input, deps.mailDomain); // 1 parse
  const trace = await authenticate(deps, input, parsed); // 2 authenticate
  if (trace.disposition.kind === 'refuse') throw new RefusedMailError(trace.disposition.reason);
  const mail = withSourceHeaders(parsed, trace.sourceHeaders);
  const { local, unknown } = await resolveRecipients(deps.database, addresses, knownUsers); // 3 resolve recipients
  // Every copy at once: under load they share a transaction (batch.ts). All settle before an answer.
  const settled = await Promise.allSettled(
    local.map((recipient) =>
      deliverToRecipient(deps, recipient.userId, copyForRecipient(mail, recipient.address), trace),
    ), // Bcc privacy: each recipient's own copy
  );
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  const delivered = settled.map((s) => (s as PromiseFulfilledResult<DeliveredMessage>).value);
  return { delivered, unknown };
}

/** The sender checks or the spam filter refused the message: SMTP answers 557 5.7.1 with the reason. */
export class RefusedMailError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedMailError';
  }
}

/** The checks' header lines go on top of the stored source, as a receiving MTA adds them. */
function withSourceHeaders(mail: IncomingMail, headers: string): IncomingMail {
  if (!headers || !mail.source) return mail;
  return { ...mail, source: [Buffer.from(headers, 'utf8'), ...mail.source] };
}

/**
 * Steps 4 to 9 for one user: their transaction, its durable commit, then the effects after it.
 * Deliveries made at the same time may share the transaction (batch.ts); it resolves, as alone,
 * once this one's commit is durable and its after-commit effects have run.
 */
export function deliverToRecipient(
  deps: DeliveryDeps,
  userId: number,
  mail: IncomingMail,
  trace: SenderTrace = readSenderTrace(mail),
): Promise<DeliveredMessage> {
  return batcherFor(deps).deliver({ userId, mail, trace });
}

/** One batcher per pipeline; deps are built once per app (wiring.ts), tests may build their own. */
const batchers = new WeakMap<DeliveryDeps, DeliveryBatcher>();

function batcherFor(deps: DeliveryDeps): DeliveryBatcher {
  let batcher = batchers.get(deps);
  if (!batcher) {
    batcher = new DeliveryBatcher(
      {
        store: (tx, job, batched) =>
          storeForRecipient(deps, tx, job.userId, job.mail, job.trace, { batched }), // 4–7
        afterCommit: (stored) => runAfterCommit(deps, stored), // 9 forward, auto reply, blob holds
      },
      (work) => commitDelivery(deps, work), // 8 commit; the push goes with it
      // PGlite runs one transaction at a time; PostgreSQL gets a few, within its pool.
      deps.database.kind === 'pglite' ? 1 : BATCHES_IN_FLIGHT,
    );
    batchers.set(deps, batcher);
  }
  return batcher;
}

/** Transactions of delivery batches running at once on PostgreSQL (two cores; pool of 20). */
const BATCHES_IN_FLIGHT = 4;

/** Everything of one recipient's delivery that belongs in the transaction; the caller commits. */
export async function storeForRecipient(
  deps: DeliveryDeps,
  tx: Tx,
  userId: number,
  mail: IncomingMail,
  trace: SenderTrace = readSenderTrace(mail),
  options: { batched?: boolean } = {},
): Promise<StoredDelivery> {
  const recipient = await loadRecipient(tx, userId, deps.filters);
  const { user, filterRevision, notificationSettings } = recipient;
  const ctx = { userId, user, mail, trace, filterRevision, notificationSettings };
  // Mail the checks judged spam starts in Spam; a filter may still file it elsewhere.
  const startId =
    trace.disposition.kind === 'spam'
      ? (await ensureSpecialMailbox(tx, userId, 'SPAM')).id
      : (recipient.inboxId ?? (await getSystemMailbox(tx, userId, 'INBOX')).id);
  const { placement, verdict } = await evaluateFilters(deps, tx, ctx, startId); // 4 evaluate filters
  const { message, held } = await storeMessage(deps, tx, ctx, placement); // 5 store message, attachments
  await updateCounts(tx, message); // 6 update counts
  await writeNotifications(deps, tx, ctx, message, verdict, options); // 7 notify
  return { ctx, placement, verdict, message, held };
}
