import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { searchColumnsOf, type SearchableText } from '../../mail/format/search-vector.js';
import { queryRows } from '../../db/rows.js';

/**
 * Makes messages.search_vector where it is missing, in small batches after start and every few
 * minutes after, so neither the migration nor any request waits for a whole mailbox. Stored rows
 * get their vector with them (mail/format/stored-row.ts); this fills mail stored before
 * 0016_search_grams_in_node.sql, and any a statement left stale (its guard trigger empties those).
 * Until a user's mail is all filled, search for that user runs without the index
 * (search-index.ts), so answers stay complete meanwhile.
 */

/** Rows per batch: about 0.1–0.3 s of work, the longest a request waits behind it on PGlite. */
export const SEARCH_BACKFILL_BATCH = 200;
const PAUSE_MS = 50;
const SWEEP_MS = 5 * 60_000;

type TextRow = SearchableText & { id: number };

/** Fills one batch; answers how many rows it filled (0: nothing is left). */
export async function fillSearchVectors(db: Db, batch = SEARCH_BACKFILL_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    // Several nodes share the work: each takes rows no other holds.
    const rows = await queryRows<TextRow>(
      tx,
      sql`
      SELECT id, subject, from_address AS "fromAddress", from_name AS "fromName", to_text AS "toText",
        body_text AS "bodyText"
      FROM messages WHERE search_vector IS NULL LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
    );
    if (rows.length === 0) return 0;
    const values = rows.map((row) => {
      const columns = searchColumnsOf(row);
      return sql`(${row.id}::int, ${columns.searchVector}::tsvector, ${columns.searchInexact}::boolean)`;
    });
    await tx.execute(sql`
      UPDATE messages AS m SET search_vector = v.vector, search_inexact = v.inexact
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v (id, vector, inexact) WHERE m.id = v.id`);
    return rows.length;
  });
}

export function registerSearchBackfill(app: FastifyInstance): void {
  let closing = false;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    let total = 0;
    for (;;) {
      if (closing) return;
      const filled = await fillSearchVectors(app.database.db);
      if (filled === 0) break;
      total += filled;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS).unref());
    }
    if (total > 0) app.log.info({ messages: total }, 'search index filled for existing mail');
  };
  const start = () => {
    running = running
      .then(run)
      .catch((err: unknown) => app.log.warn({ err }, 'filling the search index failed'));
  };
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    start();
    sweep = setInterval(start, SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(sweep);
    await running;
  });
}
