import { sql, type SQL } from 'drizzle-orm';

/*
 * How autocomplete ranks an address: rank = ln(1 + times) + epoch(last seen) / 14 days, the order
 * of a count that decays by e every 14 days (times · e^(-age / 14 days)), which does not change as
 * time passes, so it is stored and indexed. A contact's address ranks one above a stranger seen as
 * often; one never seen ranks as one message at the time it was saved.
 */
export const RANK_DECAY_SECONDS = 14 * 24 * 3600;
export const CONTACT_BONUS = 1;

/** The rank of `times` sightings, the last at `lastSeen` (a timestamptz expression). */
export function seenRank(times: SQL, lastSeen: SQL): SQL {
  return sql`ln(1 + ${times}) + extract(epoch FROM ${lastSeen}) / ${RANK_DECAY_SECONDS}`;
}

/** A contact address's rank, from the user's seen addresses, as it is saved. */
export function contactRank(userId: number, address: string): SQL<number> {
  return sql<number>`coalesce(
    (SELECT s.rank FROM contact_seen_addresses s WHERE s.user_id = ${userId} AND s.address = ${address}),
    ${seenRank(sql`1`, sql`now()`)}) + ${CONTACT_BONUS}`;
}
