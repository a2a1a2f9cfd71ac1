import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AwayReply } from '@postline/shared/away-reply';
import type { Queryable, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { awayReplies } from '../../db/schema/away-replies.js';

export type AwayReplyRow = typeof awayReplies.$inferSelect;

/** The user's away reply; null when they never saved one. */
export async function findAwayReply(db: Queryable, userId: number): Promise<AwayReplyRow | null> {
  const [row] = await db.select().from(awayReplies).where(eq(awayReplies.userId, userId)).limit(1);
  return row ?? null;
}

/** Writes the whole away reply; answers it as stored. Senders answered before may be answered again. */
export async function saveAwayReply(
  db: Queryable,
  userId: number,
  value: Omit<AwayReply, 'timeZone'> & { timeZone: string },
): Promise<AwayReplyRow> {
  const values = { ...value, userId, updatedAt: new Date() };
  const [row] = await db
    .insert(awayReplies)
    .values(values)
    .onConflictDoUpdate({ target: awayReplies.userId, set: values })
    .returning();
  return row!;
}

/** Whether the user's away reply is on, as a column of delivery's select of the recipient. */
export function awayReplyActiveOf(userId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM away_replies WHERE user_id = ${userId} AND enabled)`;
}

/**
 * Claims the answer to `sender`, in the send's transaction: true when this sender was not answered
 * within `intervalDays`, nor since the away reply was last saved (a new away reply answers anew).
 */
export function claimAnswer(userId: number, sender: string, intervalDays: number, savedAt: Date) {
  return async (tx: Tx): Promise<boolean> => {
    const claimed = await queryRows(
      tx,
      sql`
      INSERT INTO away_reply_log (user_id, sender, answered_at) VALUES (${userId}, ${sender}, now())
      ON CONFLICT (user_id, sender) DO UPDATE SET answered_at = now()
      WHERE away_reply_log.answered_at < now() - make_interval(days => ${intervalDays})
         OR away_reply_log.answered_at < ${savedAt.toISOString()}::timestamptz
      RETURNING 1 AS claimed`,
    );
    return claimed.length > 0;
  };
}

/** Whether the address is one of the user's contacts' (contact_addresses keeps them in lower case). */
export async function isContact(db: Queryable, userId: number, address: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 AS found FROM contact_addresses WHERE user_id = ${userId} AND address = ${address} LIMIT 1`,
  );
  return rows.length > 0;
}
