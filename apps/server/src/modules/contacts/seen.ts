import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { CONTACT_BONUS, seenRank } from './rank.js';
import { nameKeysOf } from './search-keys.js';

/*
 * Everyone a user has written to or heard from, for autocomplete: the From, To, Cc and Bcc of their
 * messages (drafts, Spam and automatic mail left out; their own address too), with how often and
 * when last, in contact_seen_addresses. It is folded in from the messages lazily, when the user
 * asks for suggestions and mail has come or gone since the last fold: delivery and sending write
 * nothing more (their speed is unchanged), and the first suggestions after a week of mail read that
 * week's rows once, in batches.
 *
 * contact_seen_progress holds the last message id folded. Ids are handed out at insert and a
 * transaction still open may commit a smaller id after a larger one: such a message (delivered in
 * the same instant as a fold) is not counted. The count is a ranking hint, so that is accepted.
 */

/** Rows read per batch: a few milliseconds of work each. */
export const SEEN_FOLD_BATCH = 2000;

interface MessageAddresses {
  id: number;
  fromAddress: string;
  fromName: string | null;
  to: AddressJson[] | null;
  cc: AddressJson[] | null;
  bcc: AddressJson[] | null;
  receivedAt: string | Date;
}
interface AddressJson {
  address?: string;
  name?: string | null;
}

interface Seen {
  address: string;
  name: string | null;
  times: number;
  lastSeen: number;
}

/** Whether mail was stored for the user after the last fold (an index range of new ids). */
async function behind(db: Queryable, userId: number): Promise<boolean> {
  const rows = await queryRows<{ behind: boolean }>(
    db,
    sql`SELECT EXISTS (
      SELECT 1 FROM messages WHERE user_id = ${userId}
        AND id > coalesce((SELECT last_message_id FROM contact_seen_progress WHERE user_id = ${userId}), 0)
    ) AS behind`,
  );
  return rows[0]?.behind === true;
}

function gather(messages: MessageAddresses[], own: string): Seen[] {
  const seen = new Map<string, Seen>();
  for (const message of messages) {
    const at = new Date(message.receivedAt).getTime();
    const entries: AddressJson[] = [
      { address: message.fromAddress, name: message.fromName },
      ...(message.to ?? []),
      ...(message.cc ?? []),
      ...(message.bcc ?? []),
    ];
    const once = new Set<string>();
    for (const entry of entries) {
      const address = entry.address?.trim().toLowerCase();
      if (!address || address === own || !address.includes('@') || once.has(address)) continue;
      once.add(address);
      const name = entry.name?.trim() || null;
      const before = seen.get(address);
      if (!before) seen.set(address, { address, name, times: 1, lastSeen: at });
      else {
        before.times += 1;
        if (at >= before.lastSeen) {
          before.lastSeen = at;
          before.name = name ?? before.name;
        } else before.name ??= name;
      }
    }
  }
  return [...seen.values()];
}

async function upsert(db: Queryable, userId: number, seen: Seen[]): Promise<void> {
  if (seen.length === 0) return;
  const values = seen.map((s) => {
    const keys = nameKeysOf(s.name);
    return sql`(${s.address}, ${s.name}, ${keys.nameKey}, ${keys.nameRest}, ${keys.initials}, ${s.times}::int,
      ${new Date(s.lastSeen).toISOString()}::timestamptz)`;
  });
  // The contacts' rows of these addresses take their new rank in the same statement.
  await db.execute(sql`
    WITH seen AS (
    INSERT INTO contact_seen_addresses AS s
      (user_id, address, name, name_key, name_rest, initials, times, last_seen, rank)
    SELECT ${userId}, v.address, v.name, v.name_key, v.name_rest, v.initials, v.times, v.last_seen,
      ${seenRank(sql`v.times`, sql`v.last_seen`)}
    FROM (VALUES ${sql.join(values, sql`, `)}) AS v (address, name, name_key, name_rest, initials, times, last_seen)
    ON CONFLICT (user_id, address) DO UPDATE SET
      times = s.times + excluded.times,
      last_seen = greatest(s.last_seen, excluded.last_seen),
      name = CASE WHEN excluded.last_seen >= s.last_seen AND excluded.name IS NOT NULL THEN excluded.name ELSE coalesce(s.name, excluded.name) END,
      name_key = CASE WHEN excluded.last_seen >= s.last_seen AND excluded.name IS NOT NULL THEN excluded.name_key ELSE s.name_key END,
      name_rest = CASE WHEN excluded.last_seen >= s.last_seen AND excluded.name IS NOT NULL THEN excluded.name_rest ELSE s.name_rest END,
      initials = CASE WHEN excluded.last_seen >= s.last_seen AND excluded.name IS NOT NULL THEN excluded.initials ELSE s.initials END,
      rank = ${seenRank(sql`s.times + excluded.times`, sql`greatest(s.last_seen, excluded.last_seen)`)}
    RETURNING address, rank)
    UPDATE contact_addresses a SET rank = seen.rank + ${CONTACT_BONUS}
    FROM seen WHERE a.user_id = ${userId} AND a.address = seen.address`);
}

/** Folds one batch in a transaction; answers whether more may be left. */
async function foldBatch(database: Database, userId: number): Promise<boolean> {
  return database.transaction(async (tx) => {
    // The progress row is locked first, so two folds of one user (two tabs, two nodes) take turns.
    await tx.execute(sql`
      INSERT INTO contact_seen_progress (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
    const [progress] = await queryRows<{ last: number; own: string }>(
      tx,
      sql`SELECT p.last_message_id AS last, lower(u.email) AS own
        FROM contact_seen_progress p JOIN users u ON u.id = p.user_id
        WHERE p.user_id = ${userId} FOR UPDATE OF p`,
    );
    if (!progress) return false;
    const messages = await queryRows<MessageAddresses>(
      tx,
      sql`SELECT m.id, m.from_address AS "fromAddress", m.from_name AS "fromName", m.to_addresses AS "to",
          m.cc_addresses AS "cc", m.bcc_addresses AS "bcc", m.received_at AS "receivedAt"
        FROM messages m
        WHERE m.user_id = ${userId} AND m.id > ${progress.last} AND NOT m.is_draft AND NOT m.is_auto_generated
          AND NOT EXISTS (SELECT 1 FROM mailboxes b WHERE b.id = m.mailbox_id AND b.type = 'SPAM')
        ORDER BY m.id LIMIT ${SEEN_FOLD_BATCH}`,
    );
    await upsert(tx, userId, gather(messages, progress.own));
    const full = messages.length === SEEN_FOLD_BATCH;
    // A batch not full read every message of the user's there is: the progress moves to the
    // newest message id of all, so the next check is a short range however little mail they get.
    const last = full
      ? sql`${messages.at(-1)!.id}::int`
      : sql`greatest(${progress.last}::int, coalesce((SELECT max(id) FROM messages), 0))`;
    await tx.execute(
      sql`UPDATE contact_seen_progress SET last_message_id = ${last} WHERE user_id = ${userId}`,
    );
    return full;
  });
}

/**
 * Batches one request folds at most: a mailbox of years folds over the first few requests (each
 * answering from what is folded so far), never in one that keeps the person waiting.
 */
export const SEEN_FOLD_BATCHES_PER_CALL = 3;

/** Brings the user's seen addresses up to date with their mail; cheap when nothing is new. */
export async function foldSeenAddresses(database: Database, userId: number): Promise<void> {
  if (!(await behind(database.db, userId))) return;
  for (let batch = 0; batch < SEEN_FOLD_BATCHES_PER_CALL; batch++)
    if (!(await foldBatch(database, userId))) return;
}
