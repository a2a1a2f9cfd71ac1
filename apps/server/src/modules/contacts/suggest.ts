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
 * contact_seen_addresses), and each is asked in one of two ways, so that neither reads thousands
 * of rows:
 *
 * - the ranges: the prefix ranges of its four text_pattern_ops indexes, at most CAP + 1 rows each,
 *   sorted by rank. A prefix fewer rows match (ㄱㅁㅈ, 김민, an address) is answered whole by them;
 * - the walk, only for a source where a range was full: its best ranked rows by its rank index,
 *   filtered by the prefix, stopping at `limit`. A prefix that many match (a letter, ㄱ) finds its
 *   best at once there, and the walk never reads more than WALK rows.
 */

/** Rows a range reads at most before the prefix counts as common (well under 1 ms on PGlite). */
const CAP = 200;
/** Rows a walk reads at most. */
const WALK = 5000;
const GROUPS_MAX = 3;

type Source = 'contact_addresses' | 'contact_seen_addresses';

interface Hit {
  branch: number;
  /** A range of its source was full: the source is asked again by its walk. */
  common: boolean;
  kind: 'contact' | 'group' | 'recent';
  ref: number | null;
  name: string | null;
  address: string | null;
  rank: number;
}

const KIND: Record<Source, 'contact' | 'recent'> = {
  contact_addresses: 'contact',
  contact_seen_addresses: 'recent',
};
const REF: Record<Source, SQL> = {
  contact_addresses: sql`contact_id`,
  contact_seen_addresses: sql`NULL::int`,
};
const COLUMNS = ['address', 'name_key', 'name_rest', 'initials'] as const;

function columns(source: Source, branch: number): SQL {
  return sql`${branch}::int AS branch, ${KIND[source]}::text AS kind, ${REF[source]} AS ref, name, address, rank`;
}

function branches(source: Source, userId: number, pattern: string): SQL {
  return sql.join(
    COLUMNS.map(
      (column, i) => sql`(SELECT ${columns(source, i + 1)} FROM ${sql.raw(source)}
        WHERE user_id = ${userId} AND ${sql.raw(column)} LIKE ${pattern} LIMIT ${CAP + 1})`,
    ),
    sql` UNION ALL `,
  );
}

/** A source's best by its ranges, each row once; `common` says a range was full (then: the walk). */
function ranges(source: Source, userId: number, pattern: string, limit: number): SQL {
  return sql`(WITH hit AS (${branches(source, userId, pattern)}),
      counted AS (SELECT count(*) AS n FROM hit GROUP BY branch)
    SELECT DISTINCT ON (rank, ref, address) 0 AS branch, kind, ref, name, address, rank,
      coalesce((SELECT max(n) FROM counted), 0) > ${CAP} AS common
    FROM hit ORDER BY rank DESC, ref, address LIMIT ${limit})`;
}

function walk(source: Source, userId: number, pattern: string, limit: number): SQL {
  return sql`(SELECT ${columns(source, 0)}, false AS common
    FROM (SELECT * FROM ${sql.raw(source)} WHERE user_id = ${userId} ORDER BY rank DESC LIMIT ${WALK}) best
    WHERE address LIKE ${pattern} OR name_key LIKE ${pattern} OR name_rest LIKE ${pattern}
      OR initials LIKE ${pattern}
    ORDER BY rank DESC, address LIMIT ${limit})`;
}

function groups(userId: number, pattern: string): SQL {
  return sql`(SELECT 0 AS branch, 'group' AS kind, id AS ref, name, NULL AS address,
      ${seenRank(sql`1`, sql`updated_at`)} + ${CONTACT_BONUS} AS rank, false AS common
    FROM contact_groups WHERE user_id = ${userId} AND (name_key LIKE ${pattern} OR initials LIKE ${pattern})
    ORDER BY name_key LIMIT ${GROUPS_MAX})`;
}

/** The statements of one source, for bench/contacts-suggest.mjs to EXPLAIN. */
export function sourceStatements(source: Source, userId: number, pattern: string, limit: number) {
  return {
    ranges: ranges(source, userId, pattern, limit),
    walk: walk(source, userId, pattern, limit),
  };
}

/** Strangers are asked for twice `limit`: contacts may take some of their addresses. */
const wanted = (source: Source, limit: number) => (source === 'contact_addresses' ? limit : limit * 2);

/** The ranges of both sources and the groups, one statement; then the walk of a source found common. */
async function hits(db: Queryable, userId: number, pattern: string, limit: number): Promise<Hit[]> {
  const sources: Source[] = ['contact_addresses', 'contact_seen_addresses'];
  const first = await queryRows<Hit>(
    db,
    sql.join(
      [...sources.map((s) => ranges(s, userId, pattern, wanted(s, limit))), groups(userId, pattern)],
      sql` UNION ALL `,
    ),
  );
  const common = sources.filter((s) => first.some((hit) => hit.kind === KIND[s] && hit.common));
  const found = first.filter((hit) => !common.some((s) => KIND[s] === hit.kind));
  if (common.length === 0) return found;
  const walked = await queryRows<Hit>(
    db,
    sql.join(
      common.map((s) => walk(s, userId, pattern, wanted(s, limit))),
      sql` UNION ALL `,
    ),
  );
  return [...found, ...walked];
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
