import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_QUERY_MAX } from '@postline/shared/limits';
import type { SearchNode } from '@postline/shared/search-syntax';
import type { Database, Queryable } from '../../db/client.js';
import { messages } from '../../db/schema/mail.js';
import { AppError } from '../../lib/errors.js';
import { foldChar } from '../../mail/format/search-vector.js';
import type { SearchGateLimits } from './search-gate.js';

/*
 * What one search may cost (issue 32, finding 5). Its shape is bounded before any SQL runs: at most
 * SEARCH_CONDITIONS_MAX words and conditions (the shared schema refuses more), the words' text as
 * the index folds it, and how far an offset page reaches. Its statements then run on a clock:
 *
 * - PostgreSQL: in a transaction with SET LOCAL statement_timeout, so each statement of the search
 *   is cancelled past the budget.
 * - PGlite: statement_timeout does nothing in its WebAssembly build. Measured on 0.5.x: after
 *   SET statement_timeout = '200ms' a count over 30,000,000 generated rows ran its 14 s to the end,
 *   SET LOCAL the same, and a 10 ms timer did not fire once during a 2 s statement (PGlite runs a
 *   statement synchronously: every user waits for it, HTTP and SMTP alike). So the search's
 *   statements watch the clock themselves: a condition the planner evaluates first on every message
 *   row they read (postline_search_budget: its declared cost is the lowest, and IS NOT NULL keeps
 *   the row estimates: EXPLAIN gave ten queries the same plans with it) raises query_canceled,
 *   as statement_timeout does, once the deadline has passed. What it cannot stop: planning (bounded
 *   by the number of conditions), and rows that an index re-check drops before the filter runs (one
 *   substring test each).
 *
 * Either way the user is answered SEARCH_TOO_BROAD, never a 500.
 */

export interface SearchBudgetLimits {
  timeoutMs: number;
}

/**
 * Defaults by database. PGlite runs one statement at a time for everyone, so one search at a time
 * costs no throughput, and its budget is the longest another user's request waits behind it: short.
 * PostgreSQL runs a search on one of its connections while the others go on.
 */
export const DEFAULT_SEARCH_LIMITS: Record<Database['kind'], SearchBudgetLimits & { concurrent: number }> = {
  pglite: { timeoutMs: 1_000, concurrent: 1 },
  postgres: { timeoutMs: 5_000, concurrent: 6 },
};

/** The settings (SEARCH_TIMEOUT_SECONDS, SEARCH_MAX_PER_USER, SEARCH_MAX_CONCURRENT) over the defaults. */
export function searchLimitsFor(
  settings: { timeoutMs?: number | undefined; perUser: number; concurrent?: number | undefined },
  kind: Database['kind'],
): SearchBudgetLimits & SearchGateLimits {
  const defaults = DEFAULT_SEARCH_LIMITS[kind];
  const timeoutMs = settings.timeoutMs ?? defaults.timeoutMs;
  return {
    timeoutMs,
    perUser: settings.perUser,
    concurrent: settings.concurrent ?? defaults.concurrent,
    // One in line waits for the searches running (each within the budget), and at most one more
    // of another user's: waiting three budgets means the line is not moving. One budget was too
    // short: the search ahead ends a little after its deadline, and the user behind got 503.
    maxWaitMs: Math.max(3 * timeoutMs, 2_000),
  };
}

/** The folded text of every word of a search, in all: far past what anyone types (issue 32). */
export const SEARCH_FOLDED_TEXT_MAX = 2 * SEARCH_QUERY_MAX;
/**
 * Rows an offset page may reach into a search's answer; further pages go by cursor. The count
 * stops at 1,000, so the pager never offers a page this far (as Elasticsearch's max_result_window).
 */
export const SEARCH_OFFSET_WINDOW = 10_000;

export const searchTooBroad = () => new AppError(422, 'SEARCH_TOO_BROAD');

/** Refuses, before any SQL runs, a search whose words or page alone would cost too much. */
export function assertSearchShape(
  nodes: SearchNode[],
  page: { page: number; size: number; cursor?: string | undefined },
): void {
  let folded = 0;
  const visit = (node: SearchNode): void => {
    if (node.kind === 'and' || node.kind === 'or') node.items.forEach(visit);
    else if (node.kind === 'not') visit(node.item);
    else if (node.kind === 'text') for (const char of node.value) folded += foldChar(char).length;
  };
  nodes.forEach(visit);
  const reach = (page.page + 1) * page.size;
  if (folded > SEARCH_FOLDED_TEXT_MAX || (page.cursor === undefined && reach > SEARCH_OFFSET_WINDOW))
    throw searchTooBroad();
}

const GUARD_FUNCTION = `
  CREATE OR REPLACE FUNCTION pg_temp.postline_search_budget(message_id integer, deadline double precision)
  RETURNS boolean LANGUAGE plpgsql VOLATILE COST 0.0001 AS $$
  BEGIN
    IF extract(epoch FROM clock_timestamp()) > deadline THEN
      RAISE EXCEPTION 'search budget spent' USING ERRCODE = 'query_canceled';
    END IF;
    RETURN true;
  END $$`;

/** PGlite is one session for the life of the process: its temporary function is made once. */
const guards = new WeakMap<Database, Promise<unknown>>();

function pgliteGuard(database: Database): Promise<unknown> {
  let made = guards.get(database);
  if (!made) {
    made = database.db.execute(sql.raw(GUARD_FUNCTION));
    made.catch(() => guards.delete(database));
    guards.set(database, made);
  }
  return made;
}

/** query_canceled (57014): statement_timeout, or the guard above. Drizzle wraps the driver's error. */
function wasCancelled(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a search's statements within the budget. `work` reads through `db` and ANDs `guard` (when
 * there is one) into the conditions of every statement that reads messages.
 */
export async function withinSearchBudget<T>(
  database: Database,
  limits: SearchBudgetLimits,
  work: (db: Queryable, guard: SQL | undefined) => Promise<T>,
): Promise<T> {
  try {
    if (database.kind === 'postgres') {
      return await database.transaction(async (tx) => {
        const ms = String(Math.max(1, Math.ceil(limits.timeoutMs)));
        await tx.execute(sql`SELECT set_config('statement_timeout', ${ms}, true)`);
        return work(tx, undefined);
      });
    }
    await pgliteGuard(database);
    const deadline = (Date.now() + limits.timeoutMs) / 1000;
    return await work(
      database.db,
      sql`pg_temp.postline_search_budget(${messages.id}, ${deadline}::float8) IS NOT NULL`,
    );
  } catch (error) {
    if (wasCancelled(error)) throw searchTooBroad();
    throw error;
  }
}
