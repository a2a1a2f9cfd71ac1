import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client.js';
import { outbox } from '../../db/schema/mail.js';
import type { OutboundMail, OutboxQueue } from '../pipeline/ports.js';
import { queryRows } from '../../db/rows.js';

/** NOTIFY channel that wakes the outbox worker when mail is queued (delivered at commit). */
export const OUTBOX_CHANNEL = 'postline_outbox';

export interface OutboxRow {
  id: number;
  userId: number;
  messageId: number | null;
  envelopeFrom: string;
  recipients: string[];
  raw: Buffer;
  attempts: number;
  createdAt: Date;
}

/** Queues mail for the relay in the caller's transaction: it leaves only if that commits. */
export async function enqueueOutbound(tx: Tx, mail: OutboundMail): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      userId: mail.userId,
      messageId: mail.messageId,
      envelopeFrom: mail.envelopeFrom,
      recipients: mail.recipients,
      raw: mail.raw,
      status: 'PENDING',
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${String(row.id)})`);
  return row.id;
}

/** The outbox as sending fills it (mail/pipeline/dispatch.ts). */
export const outboxQueue: OutboxQueue = { enqueue: enqueueOutbound };

interface ClaimedRow {
  id: number;
  user_id: number;
  message_id: number | null;
  envelope_from: string;
  recipients: string[] | string;
  raw: Buffer | Uint8Array;
  attempts: number;
  created_at: Date | string;
}

/** PGlite may hand back a text[] literal where node-postgres gives an array. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((v) => v.replace(/^"|"$/g, ''));
}

/**
 * Takes up to `limit` due rows and leases them for `leaseMs`: a node that dies mid-send leaves the
 * row SENDING, and it becomes due again when the lease runs out (at-least-once sending).
 * SKIP LOCKED lets several PostgreSQL nodes claim side by side; PGlite has one connection, where
 * the same statement simply runs alone.
 */
export async function claimDueOutbound(
  database: Database,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  return database.transaction(async (tx) => {
    const claimed = await queryRows<ClaimedRow>(
      tx,
      sql`
      UPDATE outbox SET status = 'SENDING', attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}::float8)
      WHERE id IN (
        SELECT id FROM outbox
        WHERE status = 'PENDING' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, user_id, message_id, envelope_from, recipients, raw, attempts, created_at`,
    );
    return claimed.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      messageId: r.message_id === null ? null : Number(r.message_id),
      envelopeFrom: r.envelope_from,
      recipients: textArray(r.recipients),
      raw: Buffer.isBuffer(r.raw) ? r.raw : Buffer.from(r.raw),
      attempts: Number(r.attempts),
      createdAt: new Date(r.created_at),
    }));
  });
}

/** Leases of a node that died mid-send: due again. */
export async function releaseExpiredLeases(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE outbox SET status = 'PENDING' WHERE status = 'SENDING' AND next_attempt_at <= now()`,
    );
  });
}

export async function markOutboundSent(
  db: Queryable,
  id: number,
  lastError: string | null = null,
): Promise<void> {
  await db.update(outbox).set({ status: 'SENT', sentAt: new Date(), lastError }).where(eq(outbox.id, id));
}

export async function markOutboundFailed(db: Queryable, id: number, lastError: string): Promise<void> {
  await db.update(outbox).set({ status: 'FAILED', lastError }).where(eq(outbox.id, id));
}

/** Back to the queue for the recipients still to try, at the next step of the backoff. */
export async function rescheduleOutbound(
  db: Queryable,
  id: number,
  change: { recipients: string[]; nextAttemptAt: Date; lastError: string },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'PENDING',
      recipients: change.recipients,
      nextAttemptAt: change.nextAttemptAt,
      lastError: change.lastError,
    })
    .where(eq(outbox.id, id));
}
