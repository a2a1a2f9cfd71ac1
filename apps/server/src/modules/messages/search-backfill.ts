import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';

/**
 * Fills messages.search_vector for mail stored before 0012_search_index.sql, in small batches
 * after start, so neither the migration nor any request waits for a whole mailbox. New and
 * changed mail gets its vector from the trigger. Until a user's mail is all filled, search for
 * that user runs without the index (search-index.ts), so answers stay complete meanwhile.
 */

/** Rows per batch: about 0.1–0.3 s of work, the longest a request waits behind it on PGlite. */
export const SEARCH_BACKFILL_BATCH = 200;
const PAUSE_MS = 50;

/** Fills one batch; answers how many rows it filled (0: nothing is left). */
export async function fillSearchVectors(db: Queryable, batch = SEARCH_BACKFILL_BATCH): Promise<number> {
  const result = await db.execute(sql`
    WITH filled AS (
      UPDATE messages
      SET search_vector = message_search_vector(subject, from_address, from_name, to_text, body_text)
      WHERE id IN (
        SELECT id FROM messages WHERE search_vector IS NULL LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING 1)
    SELECT count(*)::int AS n FROM filled`);
  const [row] = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(row?.n ?? 0);
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
  app.addHook('onReady', async () => {
    running = run().catch((err: unknown) => app.log.warn({ err }, 'filling the search index failed'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await running;
  });
}
