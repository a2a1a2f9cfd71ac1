import { sql, type SQL } from 'drizzle-orm';
import type { SearchField, SearchNode } from '@postline/shared/search-syntax';
import type { Queryable } from '../../db/client.js';
import { searchableMessages } from '../../db/schema/mail.js';
import { foldsExactly, isSeparator, LONG_BODY_LEXEME, wordGrams } from '../../mail/format/search-vector.js';
import { queryRows } from '../../db/rows.js';

/**
 * The index side of search (0016_search_grams_in_node.sql, docs/ARCHITECTURE.md "Search"): from a
 * query tree, one tsquery that every answer's search_vector matches. It only narrows the
 * candidates; the exact condition of search-sql.ts is always applied as well.
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
function hasTrigramRun(value: string): boolean {
  let run = 0;
  for (const char of value) {
    run = isSeparator(char) ? 0 : run + 1;
    if (run === 3) return true;
  }
  return false;
}

/** Gmail's `from:me`, `to:me`, `cc:me`, `bcc:me`: the user's own address, not the letters "me". */
export function meansOwnAddress(field: SearchField, value: string): boolean {
  return (
    (field === 'from' || field === 'to' || field === 'cc' || field === 'bcc') && value.toLowerCase() === 'me'
  );
}

function indexPrefix(field: SearchField, value: string): string | undefined {
  // from:me is the user's address, whose grams are not "me"'s: the index cannot narrow it.
  if (meansOwnAddress(field, value)) return undefined;
  return hasTrigramRun(value) ? undefined : FIELD_PREFIX[field];
}

/** The fields whose grams are of exactly the text their ILIKE reads (cc: and bcc: share to:'s). */
const EXACT_FIELDS: ReadonlySet<SearchField> = new Set(['any', 'subject', 'from', 'to']);

/**
 * Whether the grams answer this word exactly, so that a message the index condition found holds it
 * for sure unless the message is marked search_inexact (its body past the indexed part, or folded
 * coarser than ASCII lowercasing: search-vector.ts). A word of two word characters is in a text
 * exactly when their bigram is (separators never pair, and the fields are joined by a space); a
 * word of one non-ASCII character, when that character is. Both only when the word's own fold is
 * no coarser than its lowercasing.
 */
export function indexAnswersExactly(field: SearchField, value: string): boolean {
  if (meansOwnAddress(field, value)) return false;
  const chars = [...value];
  if (!EXACT_FIELDS.has(field) || chars.some((c) => isSeparator(c) || !foldsExactly(c))) return false;
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

/** A word's tsquery text, and whether the statistics call it rare (see searchIndexCondition). */
type WordQuery = { q: string; rare: boolean };

/**
 * The tree's index query as tsquery text, or null when the index cannot narrow it (a NOT, a
 * condition on flags or dates, a word of punctuation) and every message is a candidate. It is rare
 * when an ANDed part is, or every ORed part.
 */
function indexQuery(node: SearchNode, queries: Map<string, WordQuery | null>): WordQuery | null {
  switch (node.kind) {
    case 'and': {
      const parts = node.items.map((item) => indexQuery(item, queries)).filter((q) => q !== null);
      if (parts.length === 0) return null;
      return { q: parts.map((p) => `(${p.q})`).join(' & '), rare: parts.some((p) => p.rare) };
    }
    case 'or': {
      const parts = node.items.map((item) => indexQuery(item, queries));
      if (parts.some((q) => q === null)) return null;
      const all = parts as WordQuery[];
      return { q: all.map((p) => `(${p.q})`).join(' | '), rare: all.every((p) => p.rare) };
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
 * user's mail has no search_vector yet (search-backfill.ts has not filled it): then the exact
 * condition alone answers, slower but complete.
 *
 * A word is rare when one of its grams is missing from the column's most common elements in
 * pg_stats. The planner then guesses 0.5 % of the table for it, and at 1,000,000 messages it walked
 * the date index for 20 matches of a word in 10 messages: 4 s (docs/BENCHMARKS.md, issue 14). For
 * a rare query the candidates are therefore read from the GIN index first, as an id list the
 * planner takes as short. Without statistics (never analysed) the planner chooses, as before.
 */
export async function searchIndexCondition(
  db: Queryable,
  userId: number,
  nodes: SearchNode[],
): Promise<SQL | undefined> {
  const terms = new Map<string, Term>();
  nodes.forEach((node) => collectTerms(node, terms));
  if (terms.size === 0) return undefined;
  type Row = { elems: string[] | null; pending: boolean };
  const [row] = await queryRows<Row>(
    db,
    sql`
    SELECT (SELECT most_common_elems::text::text[] FROM pg_stats WHERE schemaname = current_schema()
        AND tablename = 'messages' AND attname = 'search_vector') AS elems,
      EXISTS (SELECT 1 FROM messages WHERE user_id = ${userId} AND search_vector IS NULL) AS pending`,
  );
  if (!row || row.pending) return undefined;
  const common = row.elems ? new Set(row.elems) : undefined;
  const queries = new Map<string, WordQuery | null>();
  for (const [key, term] of terms) {
    const grams = wordGrams(term.value, term.prefix);
    if (grams.length === 0) queries.set(key, null);
    else
      queries.set(key, {
        // A gram has no quote or backslash (both separate words), so '…' delimits each lexeme.
        q: grams.map((gram) => `'${gram}'`).join(' & '),
        rare: common !== undefined && grams.some((gram) => !common.has(gram)),
      });
  }
  const parts = nodes.map((node) => indexQuery(node, queries)).filter((q) => q !== null);
  if (parts.length === 0) return undefined;
  // Bodies too long to index whole carry '!long' and are always candidates (search-vector.ts).
  const query = `(${parts.map((p) => `(${p.q})`).join(' & ')}) | '${LONG_BODY_LEXEME}'`;
  if (!parts.some((p) => p.rare)) return sql`${searchableMessages.searchVector} @@ ${query}::tsquery`;
  return sql`${searchableMessages.id} = ANY (ARRAY (SELECT c.id FROM messages AS c
    WHERE c.user_id = ${userId} AND c.search_vector @@ ${query}::tsquery))`;
}
