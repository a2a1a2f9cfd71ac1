import { sql } from 'drizzle-orm';
import type { ContactSuggestion } from '@postline/shared/contacts';
import type { Queryable } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { RANK_DECAY_SECONDS } from './seen.js';
import { foldQuery, prefixPattern } from './search-keys.js';

/*
 * Autocomplete (GET /contacts/suggest): the user's contacts, groups and the people in their mail
 * whose name, name after its first word, Korean initials or address starts with what was typed.
 * Each source is a prefix range of an index (0023_contacts.sql) and a top-N by rank, so the cost
 * follows the matches, not the address book. A contact ranks as its address does in the user's
 * mail (how often, how recently), or as one message at the time it was saved, and one step above a
 * stranger of the same rank; a group ranks like a contact saved when it was last changed.
 */

const CONTACT_BONUS = 1;
const GROUPS_MAX = 3;

interface Ranked {
  item: ContactSuggestion;
  rank: number;
}

async function contactHits(db: Queryable, userId: number, pattern: string, limit: number): Promise<Ranked[]> {
  const rows = await queryRows<{ id: number; name: string; address: string; rank: number }>(
    db,
    sql`WITH hits AS (
        SELECT id FROM contacts WHERE user_id = ${userId} AND name_key LIKE ${pattern}
        UNION SELECT id FROM contacts WHERE user_id = ${userId} AND name_rest LIKE ${pattern}
        UNION SELECT id FROM contacts WHERE user_id = ${userId} AND initials LIKE ${pattern}
        UNION SELECT contact_id FROM contact_addresses WHERE user_id = ${userId} AND address LIKE ${pattern}
      )
      SELECT c.id, c.name, a.address,
        coalesce(s.rank, ln(2) + extract(epoch FROM c.updated_at) / ${RANK_DECAY_SECONDS}) + ${CONTACT_BONUS} AS rank
      FROM hits h
      JOIN contacts c ON c.id = h.id
      JOIN contact_addresses a ON a.contact_id = c.id
      LEFT JOIN contact_seen_addresses s ON s.user_id = ${userId} AND s.address = a.address
      WHERE c.name_key LIKE ${pattern} OR c.name_rest LIKE ${pattern} OR c.initials LIKE ${pattern}
        OR a.address LIKE ${pattern}
      ORDER BY rank DESC, c.name_key, a.position LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    rank: Number(row.rank),
    item: {
      kind: 'contact',
      name: row.name,
      address: row.address,
      contactId: row.id,
      groupId: null,
      members: [],
    },
  }));
}

async function seenHits(db: Queryable, userId: number, pattern: string, limit: number): Promise<Ranked[]> {
  const rows = await queryRows<{ address: string; name: string | null; rank: number }>(
    db,
    sql`SELECT address, name, rank FROM contact_seen_addresses
      WHERE user_id = ${userId} AND (address LIKE ${pattern} OR name_key LIKE ${pattern}
        OR name_rest LIKE ${pattern} OR initials LIKE ${pattern})
      ORDER BY rank DESC, address LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    rank: Number(row.rank),
    item: {
      kind: 'recent',
      name: row.name,
      address: row.address,
      contactId: null,
      groupId: null,
      members: [],
    },
  }));
}

async function groupHits(db: Queryable, userId: number, pattern: string): Promise<Ranked[]> {
  const groups = await queryRows<{ id: number; name: string; rank: number }>(
    db,
    sql`SELECT id, name, ln(2) + extract(epoch FROM updated_at) / ${RANK_DECAY_SECONDS} + ${CONTACT_BONUS} AS rank
      FROM contact_groups WHERE user_id = ${userId} AND (name_key LIKE ${pattern} OR initials LIKE ${pattern})
      ORDER BY name_key LIMIT ${GROUPS_MAX}`,
  );
  if (groups.length === 0) return [];
  const ids = sql.join(
    groups.map((group) => sql`${group.id}::int`),
    sql`, `,
  );
  // Each member once, by the first of its addresses.
  const members = await queryRows<{ groupId: number; name: string; address: string }>(
    db,
    sql`SELECT m.group_id AS "groupId", c.name, a.address
      FROM contact_group_members m
      JOIN contacts c ON c.id = m.contact_id
      JOIN contact_addresses a ON a.contact_id = c.id AND a.position = 0
      WHERE m.group_id IN (${ids})
      ORDER BY c.name_key, c.id`,
  );
  return groups.map((group) => ({
    rank: Number(group.rank),
    item: {
      kind: 'group',
      name: group.name,
      address: null,
      contactId: null,
      groupId: group.id,
      members: members
        .filter((member) => member.groupId === group.id)
        .map((member) => ({ name: member.name, address: member.address })),
    },
  }));
}

/** The best `limit` suggestions for q, each address once (a contact's before a stranger's). */
export async function suggest(
  db: Queryable,
  userId: number,
  q: string,
  limit: number,
): Promise<ContactSuggestion[]> {
  const pattern = prefixPattern(foldQuery(q));
  const contacts = await contactHits(db, userId, pattern, limit);
  const groups = await groupHits(db, userId, pattern);
  const seen = await seenHits(db, userId, pattern, limit + contacts.length);
  const taken = new Set(contacts.map((hit) => hit.item.address));
  const strangers = seen.filter((hit) => !taken.has(hit.item.address));
  return [...groups, ...contacts, ...strangers]
    .sort((a, b) => b.rank - a.rank)
    .slice(0, limit)
    .map((hit) => hit.item);
}
