import { sql, type SQL } from 'drizzle-orm';
import type { ContactSuggestion } from '@postline/shared/contacts';
import type { Queryable } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { CONTACT_BONUS, seenRank } from './rank.js';
import { foldQuery, prefixPattern } from './search-keys.js';

/*
 * Autocomplete (GET /contacts/suggest): the user's contacts' addresses, groups and the people in
 * their mail whose name, name after its first word, Korean initials or address starts with what
 * was typed, best ranked first (rank.ts). Two sources hold a rank each (contact_addresses and
 * contact_seen_addresses), and each is asked in two ways, so that neither sorts thousands of rows:
 *
 * - the walk: the source's WALK best ranked rows, by its rank index, filtered by the prefix. A
 *   prefix many match (one letter, ㄱ) finds its best `limit` there at once;
 * - the ranges: only if the walk found fewer than `limit`, the prefix ranges of the four
 *   text_pattern_ops indexes, sorted: a prefix the walk missed that often is one few rows match.
 */

/** Rows a walk reads at most (about 1 ms on PGlite). */
const WALK = 2000;
const GROUPS_MAX = 3;

type Source = 'contact_addresses' | 'contact_seen_addresses';

interface Hit {
  kind: 'contact' | 'group' | 'recent';
  ref: number | null;
  name: string | null;
  address: string | null;
  rank: number;
}

const KIND: Record<Source, SQL> = {
  contact_addresses: sql`'contact'`,
  contact_seen_addresses: sql`'recent'`,
};
const REF: Record<Source, SQL> = {
  contact_addresses: sql`contact_id`,
  contact_seen_addresses: sql`NULL::int`,
};

function matches(pattern: string): SQL {
  return sql`(address LIKE ${pattern} OR name_key LIKE ${pattern} OR name_rest LIKE ${pattern}
    OR initials LIKE ${pattern})`;
}

function walk(source: Source, userId: number, pattern: string, limit: number): SQL {
  return sql`(SELECT ${KIND[source]} AS kind, ${REF[source]} AS ref, name, address, rank
    FROM (SELECT * FROM ${sql.raw(source)} WHERE user_id = ${userId} ORDER BY rank DESC LIMIT ${WALK}) best
    WHERE ${matches(pattern)} ORDER BY rank DESC, address LIMIT ${limit})`;
}

function ranges(source: Source, userId: number, pattern: string, limit: number): SQL {
  const branch = (column: string) =>
    sql`SELECT ${KIND[source]} AS kind, ${REF[source]} AS ref, name, address, rank
      FROM ${sql.raw(source)} WHERE user_id = ${userId} AND ${sql.raw(column)} LIKE ${pattern}`;
  return sql`(SELECT * FROM (${branch('address')} UNION ${branch('name_key')} UNION ${branch('name_rest')}
    UNION ${branch('initials')}) hit ORDER BY rank DESC, address LIMIT ${limit})`;
}

function groups(userId: number, pattern: string): SQL {
  return sql`(SELECT 'group' AS kind, id AS ref, name, NULL AS address,
      ${seenRank(sql`1`, sql`updated_at`)} + ${CONTACT_BONUS} AS rank
    FROM contact_groups WHERE user_id = ${userId} AND (name_key LIKE ${pattern} OR initials LIKE ${pattern})
    ORDER BY name_key LIMIT ${GROUPS_MAX})`;
}

/** Strangers are asked for twice `limit`: contacts may take some of their addresses. */
const wanted = (source: Source, limit: number) => (source === 'contact_addresses' ? limit : limit * 2);

/** The walk of both sources and the groups, one statement; then the ranges of a source found short. */
async function hits(db: Queryable, userId: number, pattern: string, limit: number): Promise<Hit[]> {
  const sources: Source[] = ['contact_addresses', 'contact_seen_addresses'];
  const first = await queryRows<Hit>(
    db,
    sql.join(
      [...sources.map((s) => walk(s, userId, pattern, wanted(s, limit))), groups(userId, pattern)],
      sql` UNION ALL `,
    ),
  );
  const kindOf = (s: Source) => (s === 'contact_addresses' ? 'contact' : 'recent');
  const short = sources.filter(
    (s) => first.filter((hit) => hit.kind === kindOf(s)).length < wanted(s, limit),
  );
  if (short.length === 0) return first;
  const again = await queryRows<Hit>(
    db,
    sql.join(
      short.map((s) => ranges(s, userId, pattern, wanted(s, limit))),
      sql` UNION ALL `,
    ),
  );
  return [...first.filter((hit) => !short.some((s) => kindOf(s) === hit.kind)), ...again];
}

/** Each group's members, once each, by the first of their addresses. */
async function membersOf(db: Queryable, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return queryRows<{ groupId: number; name: string; address: string }>(
    db,
    sql`SELECT m.group_id AS "groupId", a.name, a.address
      FROM contact_group_members m
      JOIN contact_addresses a ON a.contact_id = m.contact_id AND a.position = 0
      WHERE m.group_id IN (${sql.join(
        groupIds.map((id) => sql`${id}::int`),
        sql`, `,
      )})
      ORDER BY a.name_key, a.contact_id`,
  );
}

function suggestion(hit: Hit, members: Awaited<ReturnType<typeof membersOf>>): ContactSuggestion {
  return {
    kind: hit.kind,
    name: hit.name,
    address: hit.address,
    contactId: hit.kind === 'contact' ? hit.ref : null,
    groupId: hit.kind === 'group' ? hit.ref : null,
    members:
      hit.kind === 'group'
        ? members.filter((m) => m.groupId === hit.ref).map((m) => ({ name: m.name, address: m.address }))
        : [],
  };
}

/** The best `limit` suggestions for q, each address once (a contact's before a stranger's). */
export async function suggest(
  db: Queryable,
  userId: number,
  q: string,
  limit: number,
): Promise<ContactSuggestion[]> {
  const found = await hits(db, userId, prefixPattern(foldQuery(q)), limit);
  const contactAddresses = new Set(found.filter((hit) => hit.kind === 'contact').map((hit) => hit.address));
  const best = found
    .filter((hit) => hit.kind !== 'recent' || !contactAddresses.has(hit.address))
    .map((hit) => ({ ...hit, rank: Number(hit.rank) }))
    // Equal ranks keep the order found: contacts, strangers, then groups.
    .sort((a, b) => b.rank - a.rank)
    .slice(0, limit);
  const members = await membersOf(
    db,
    best.filter((hit) => hit.kind === 'group').map((hit) => hit.ref!),
  );
  return best.map((hit) => suggestion(hit, members));
}
