import type { Tx } from '../../db/client.js';
import { ensureSpecialMailbox, getSystemMailbox } from '../../modules/mailboxes/index.js';
import type { DeliveredMessage, IncomingMail } from '../types.js';
import { runAfterCommit } from './after-commit.js';
import { authenticate, readSenderTrace, type SenderTrace } from './authenticate.js';
import { commitDelivery } from './commit.js';
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
  const delivered: DeliveredMessage[] = [];
  for (const recipient of local) {
    const copy = copyForRecipient(mail, recipient.address); // Bcc privacy
    delivered.push(await deliverToRecipient(deps, recipient.userId, copy, trace));
  }
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

/** Steps 4 to 9 for one user: their transaction, its durable commit, then the effects after it. */
export async function deliverToRecipient(
  deps: DeliveryDeps,
  userId: number,
  mail: IncomingMail,
  trace: SenderTrace = readSenderTrace(mail),
): Promise<DeliveredMessage> {
  const stored = await commitDelivery(deps, (tx) => storeForRecipient(deps, tx, userId, mail, trace)); // 8 commit
  await runAfterCommit(deps, stored); // 9 forward, auto reply, blob holds; push went with the commit
  return stored.message;
}

/** Everything of one recipient's delivery that belongs in the transaction; the caller commits. */
export async function storeForRecipient(
  deps: DeliveryDeps,
  tx: Tx,
  userId: number,
  mail: IncomingMail,
  trace: SenderTrace = readSenderTrace(mail),
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
  await writeNotifications(deps, tx, ctx, message, verdict); // 7 notify
  return { ctx, placement, verdict, message, held };
}
