import type { Tx } from '../../db/client.js';
import type { DeliveredMessage, IncomingMail, SenderTrace } from '../format/types.js';
import { runAfterCommit } from './after-commit.js';
import { readSenderTrace } from '../format/sender-trace.js';
import { authenticate, RefusedMailError, withSourceHeaders } from './authenticate.js';
import { batcherFor, type BatchJob } from './batch.js';
import { evaluateFilters } from './evaluate-filters.js';
import { writeNotifications } from './notify.js';
import { parseInbound, type RawInbound } from './parse.js';
import { copyForRecipient, loadRecipient, resolveRecipients, type Recipient } from './recipients.js';
import { storeMessages } from './store-message.js';
import type { DeliveryDeps, DeliveryReport, StoredDelivery } from './ports.js';
import { updateCounts } from './update-counts.js';

// Inbound delivery in the order it happens (docs/ARCHITECTURE.md "Delivery pipeline"); one file a step.

/**
 * Delivers one message to every address that belongs to a user here; `knownUsers` are addresses
 * (lower case) the caller already found users for. A failure is thrown once all have settled: SMTP
 * answers 451 and the sender retries all of them (a duplicate for some is the price of never losing one).
 */
export async function deliver(
  deps: DeliveryDeps,
  input: RawInbound | IncomingMail,
  addresses: string[],
  knownUsers?: ReadonlyMap<string, number>,
): Promise<DeliveryReport> {
  const parsed = await parseInbound(deps, input); // 1 parse, in the parse pool
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
  const batcher = batcherFor(deps, () => ({
    store: (tx, jobs, savepoints) => storeDeliveries(deps, tx, jobs, savepoints), // 4–7, then 8 commit
    afterCommit: (stored) => runAfterCommit(deps, stored), // 9 forward, auto reply, blob holds
  }));
  return batcher.deliver({ userId, mail, trace });
}

/** One recipient's steps 4 to 7 in the caller's transaction (the outbox's bounce); it commits. */
export async function storeForRecipient(
  deps: DeliveryDeps,
  tx: Tx,
  userId: number,
  mail: IncomingMail,
): Promise<StoredDelivery> {
  const [stored] = await storeDeliveries(deps, tx, [{ userId, mail, trace: readSenderTrace(mail) }], true);
  return stored!;
}

/**
 * Steps 4 to 7 for the deliveries of one transaction; `savepoints` as in batch.ts. Filters run for each in
 * turn; then messages, sources, notifications and count deltas are written a statement each for all.
 */
async function storeDeliveries(deps: DeliveryDeps, tx: Tx, jobs: BatchJob[], savepoints: boolean) {
  const recipients = new Map<number, Recipient>(); // each user read once per transaction
  const filtered = [];
  for (const { userId, mail, trace } of jobs) {
    const recipient = recipients.get(userId) ?? (await loadRecipient(deps, tx, userId));
    recipients.set(userId, recipient);
    const { user, filterRevision, notificationSettings, awayReply } = recipient;
    const ctx = { userId, user, mail, trace, filterRevision, notificationSettings, awayReply };
    filtered.push({ ctx, ...(await evaluateFilters(deps, tx, ctx, recipient)) }); // 4 evaluate filters
  }
  const messages = await storeMessages(deps, tx, filtered); // 5 store messages, attachments
  const stored: StoredDelivery[] = filtered.map((delivery, i) => ({ ...delivery, ...messages[i]! }));
  await writeNotifications(deps, tx, stored, { savepoints }); // 7 notify
  await updateCounts(deps, tx, stored); // 6 update counts: one statement for all
  return stored;
}
