import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { scheduledSends, type ScheduledSendRow } from '../../db/schema/scheduled.js';

/** NOTIFY channel that wakes every node's scheduled sender: a mail was held, or is to go now. */
export const SCHEDULED_CHANNEL = 'postline_scheduled';

export type NewScheduledSend = Pick<
  ScheduledSendRow,
  'messageId' | 'userId' | 'sendAt' | 'kind' | 'request' | 'language' | 'timeZone' | 'undo'
>;

/** Records when a held mail goes, in the caller's transaction, and wakes the senders at its commit. */
export async function insertScheduledSend(tx: Tx, row: NewScheduledSend): Promise<void> {
  await tx
    .insert(scheduledSends)
    .values(row)
    .onConflictDoUpdate({
      target: scheduledSends.messageId,
      set: { ...row, claimToken: null, claimedUntil: null, attempts: 0, lastError: null },
    });
  await wakeSenders(tx);
}

export async function wakeSenders(tx: Queryable): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${SCHEDULED_CHANNEL}, '')`);
}

/** The user's waiting mail `messageId`, or undefined (another user's id included). */
export async function findScheduledSend(
  db: Queryable,
  userId: number,
  messageId: number,
): Promise<ScheduledSendRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduledSends)
    .where(and(eq(scheduledSends.messageId, messageId), eq(scheduledSends.userId, userId)));
  return row;
}

/**
 * Takes the user's waiting mail off the schedule (Undo, Cancel): answers false when there is none,
 * as when it has just gone. A sender in the middle of sending it waits on the row's lock and then
 * finds it gone, so the mail is either sent or cancelled, never both.
 */
export async function removeScheduledSend(tx: Tx, userId: number, messageId: number): Promise<boolean> {
  const removed = await tx
    .delete(scheduledSends)
    .where(and(eq(scheduledSends.messageId, messageId), eq(scheduledSends.userId, userId)))
    .returning({ id: scheduledSends.messageId });
  return removed.length > 0;
}

/** Send now: due at once, and the senders woken. Answers the row, or undefined when there is none. */
export async function makeDueNow(
  tx: Tx,
  userId: number,
  messageId: number,
): Promise<ScheduledSendRow | undefined> {
  const [row] = await tx
    .update(scheduledSends)
    .set({ sendAt: sql`now()`, claimedUntil: null })
    .where(and(eq(scheduledSends.messageId, messageId), eq(scheduledSends.userId, userId)))
    .returning();
  if (row) await wakeSenders(tx);
  return row;
}

export interface ClaimedSend extends ScheduledSendRow {
  claimToken: string;
}

/**
 * Claims up to `limit` mails whose time has come, for `leaseMs`, under a token of this claim.
 * SKIP LOCKED lets several nodes claim side by side without taking the same row; a node that dies
 * mid-send leaves its lease, after which the row is due again. Only the send transaction that
 * deletes the row under its token counts (takeClaimedSend), so each mail goes once.
 */
export async function claimDueSends(
  database: Database,
  limit: number,
  leaseMs: number,
): Promise<ClaimedSend[]> {
  const token = crypto.randomUUID();
  const claimed = await database.transaction((tx) =>
    queryRows<{ message_id: number }>(
      tx,
      sql`
      UPDATE scheduled_sends SET claim_token = ${token}, attempts = attempts + 1,
        claimed_until = now() + make_interval(secs => ${leaseMs / 1000}::float8)
      WHERE message_id IN (
        SELECT message_id FROM scheduled_sends
        WHERE send_at <= now() AND (claimed_until IS NULL OR claimed_until <= now())
        ORDER BY send_at, message_id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING message_id`,
    ),
  );
  if (claimed.length === 0) return [];
  const ids = claimed.map((row) => Number(row.message_id));
  const rows = await database.db
    .select()
    .from(scheduledSends)
    .where(and(inArray(scheduledSends.messageId, ids), eq(scheduledSends.claimToken, token)));
  return rows.map((row) => ({ ...row, claimToken: token }));
}

/**
 * In the send's transaction: deletes the claimed row if it is still this claim's and its mail still
 * waits in Scheduled. False: cancelled meanwhile, claimed again after the lease ran out, or moved
 * out of Scheduled by its owner; then this send is called off.
 */
export async function takeClaimedSend(tx: Tx, claim: ClaimedSend): Promise<boolean> {
  const taken = await queryRows<{ message_id: number }>(
    tx,
    sql`
    DELETE FROM scheduled_sends s USING messages m, mailboxes b
    WHERE s.message_id = ${claim.messageId} AND s.claim_token = ${claim.claimToken}
      AND m.id = s.message_id AND b.id = m.mailbox_id AND b.type = 'SCHEDULED' AND m.is_draft
    RETURNING s.message_id`,
  );
  return taken.length > 0;
}

/** A claim that could not be sent: due again after a pause that grows with the attempts. */
export async function releaseFailedSend(db: Queryable, claim: ClaimedSend, error: string): Promise<void> {
  await db
    .update(scheduledSends)
    .set({
      claimedUntil: sql`now() + make_interval(secs => least(${claim.attempts}, 60) * 60)`,
      lastError: error.slice(0, 2000),
    })
    .where(
      and(eq(scheduledSends.messageId, claim.messageId), eq(scheduledSends.claimToken, claim.claimToken)),
    );
}

/** A claim whose mail left Scheduled (the owner moved it): off the schedule, the mail stays where it is. */
export async function dropClaimedSend(db: Queryable, claim: ClaimedSend): Promise<void> {
  await db
    .delete(scheduledSends)
    .where(
      and(eq(scheduledSends.messageId, claim.messageId), eq(scheduledSends.claimToken, claim.claimToken)),
    );
}

/** Milliseconds until the next mail is due (0 if one is), or undefined when none waits. */
export async function msUntilNextDue(db: Queryable): Promise<number | undefined> {
  const [row] = await queryRows<{ wait: number | string | null }>(
    db,
    sql`SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(GREATEST(send_at, COALESCE(claimed_until, send_at))) - now())) * 1000) AS wait
        FROM scheduled_sends`,
  );
  return row?.wait === null || row?.wait === undefined ? undefined : Number(row.wait);
}

/**
 * In the caller's transaction: takes a claimed mail off the schedule for good if it is still this
 * claim's (answers whether it was), as when it can never be sent.
 */
export async function takeBackClaimedSend(tx: Tx, claim: ClaimedSend): Promise<boolean> {
  const removed = await tx
    .delete(scheduledSends)
    .where(
      and(eq(scheduledSends.messageId, claim.messageId), eq(scheduledSends.claimToken, claim.claimToken)),
    )
    .returning({ id: scheduledSends.messageId });
  return removed.length > 0;
}
