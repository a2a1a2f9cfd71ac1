import { sql, type SQL } from 'drizzle-orm';
import type { SearchField, SearchNode } from '@postline/shared/search-syntax';
import type { Queryable } from '../../db/client.js';
import { messageSearch } from '../../db/schema/mail.js';

/**
 * The index side of search (0012_search_index.sql, docs/ARCHITECTURE.md "Search"): from a query
 * tree, one tsquery that every answer's search_vector matches. It only narrows the candidates; the
 * exact condition of search-sql.ts is always applied as well.
 */

/** The lexeme prefix of a field's own grams; `any` uses the unprefixed grams of all of them. */
const FIELD_PREFIX: Partial<Record<SearchField, string>> = {
  any: '',
  subject: 's|',
  from: 'f|',
  to: 't|',
  cc: 't|',
  bcc: 't|',
};

type Term = { prefix: string; value: string };

/**
 * Three word characters in a row: the trigram indexes of 0002 serve such a word. Measured at
 * 100,000 messages (docs/BENCHMARKS.md), the planner answers these as fast or faster without the
 * n-gram condition (a common word's capped count stops early in a scan, where a bitmap must be
 * built whole), so the n-gram index is asked only for words of one or two characters.
 */
// eslint-disable-next-line no-control-regex -- the separators of 0012_search_index.sql, control characters included
const TRIGRAM_RUN = /[^\s\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]{3}/u;

function indexPrefix(field: SearchField, value: string): string | undefined {
  return TRIGRAM_RUN.test(value) ? undefined : FIELD_PREFIX[field];
}

// eslint-disable-next-line no-control-regex -- the separators of 0012_search_index.sql, as above
const SEPARATOR = /[\s\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]/u;

/** Bodies longer than this are indexed only this far and marked '!long' (0012_search_index.sql). */
export const INDEXED_BODY_CHARS = 100_000;

/** The fields whose grams are of exactly the text their ILIKE reads (cc: and bcc: share to:'s). */
const EXACT_FIELDS: ReadonlySet<SearchField> = new Set(['any', 'subject', 'from', 'to']);

/**
 * Whether the grams answer this word exactly, so that a message the index condition found holds it
 * for sure unless its body is past the indexed part. A word of two word characters is in a text
 * exactly when their bigram is (separators never pair, and the fields are joined by a space); a
 * word of one non-ASCII character, when that character is.
 */
export function indexAnswersExactly(field: SearchField, value: string): boolean {
  const chars = [...value];
  if (!EXACT_FIELDS.has(field) || chars.some((c) => SEPARATOR.test(c))) return false;
  return chars.length === 2 || (chars.length === 1 && value.codePointAt(0)! > 127);
}

function termKey(term: Term): string {
  return `${term.prefix}\u0000${term.value}`;
}

/** Texts of the tree that the index can look for (under a NOT they cannot narrow anything). */
function collectTerms(node: SearchNode, into: Map<string, Term>): void {
  if (node.kind === 'and' || node.kind === 'or') node.items.forEach((item) => collectTerms(item, into));
  else if (node.kind === 'text') {
    const prefix = indexPrefix(node.field, node.value);
    if (prefix !== undefined) {
      const term = { prefix, value: node.value };
      into.set(termKey(term), term);
    }
  }
}

/**
 * The tree's index query as tsquery text, or null when the index cannot narrow it (a NOT, a
 * condition on flags or dates, a word of punctuation) and every message is a candidate.
 */
function indexQuery(node: SearchNode, queries: Map<string, string | null>): string | null {
  switch (node.kind) {
    case 'and': {
      const parts = node.items.map((item) => indexQuery(item, queries)).filter((q) => q !== null);
      return parts.length === 0 ? null : parts.map((q) => `(${q})`).join(' & ');
    }
    case 'or': {
      const parts = node.items.map((item) => indexQuery(item, queries));
      return parts.some((q) => q === null) ? null : parts.map((q) => `(${q})`).join(' | ');
    }
    case 'text': {
      const prefix = indexPrefix(node.field, node.value);
      return prefix === undefined ? null : (queries.get(termKey({ prefix, value: node.value })) ?? null);
    }
    default:
      return null;
  }
}

/**
 * The index condition for the nodes (ANDed), or undefined when there is none or when some of the
 * user's mail has no search_vector yet (the backfill after 0012 is still running): then the exact
 * condition alone answers, slower but complete.
 */
export async function searchIndexCondition(
  db: Queryable,
  userId: number,
  nodes: SearchNode[],
): Promise<SQL | undefined> {
  const terms = new Map<string, Term>();
  nodes.forEach((node) => collectTerms(node, terms));
  if (terms.size === 0) return undefined;
  const list = [...terms.values()];
  const values = sql.join(
    list.map((term, i) => sql`(${term.value}::text, ${term.prefix}::text, ${i})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT t.ord, search_word_query(t.value, t.prefix)::text AS q,
      EXISTS (SELECT 1 FROM messages WHERE user_id = ${userId} AND search_vector IS NULL) AS pending
    FROM (VALUES ${values}) AS t (value, prefix, ord)`);
  const rows = (result as unknown as { rows: { ord: number | string; q: string | null; pending: boolean }[] })
    .rows;
  if (rows.some((row) => row.pending)) return undefined;
  const queries = new Map<string, string | null>();
  for (const row of rows) queries.set(termKey(list[Number(row.ord)] as Term), row.q);
  const parts = nodes.map((node) => indexQuery(node, queries)).filter((q) => q !== null);
  if (parts.length === 0) return undefined;
  // Bodies too long to index whole carry '!long' and are always candidates (see 0012).
  const query = `(${parts.map((q) => `(${q})`).join(' & ')}) | '!long'`;
  return sql`${messageSearch.searchVector} @@ ${query}::tsquery`;
}
