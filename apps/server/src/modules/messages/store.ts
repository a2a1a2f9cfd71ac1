import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { reusableInsert } from '../../db/reusable-query.js';
import { searchableMessages } from '../../db/schema/mail.js';
import {
  storedMessageRow,
  type MessageContent,
  type MessageInsert,
  type MessageRowFields,
} from '../../mail/format/stored-row.js';
import type { DeliveryMessages } from '../../mail/pipeline/ports.js';

/*
 * Where new message rows are written: one at a time (the sender's SENT copy, a new draft, the
 * welcome message) or a delivery's in one statement. Both go through `searchableMessages`: an
 * insert through `messages` would drop the search columns without a word, and leave the row to
 * the backfill. The rows themselves are built by mail/format/stored-row.ts.
 */

/** Inserts one stored message and answers its id. */
export async function insertStoredMessage(
  q: Queryable,
  content: MessageContent,
  fields: MessageRowFields,
): Promise<number> {
  const [row] = await q
    .insert(searchableMessages)
    .values(storedMessageRow(content, fields))
    .returning({ id: searchableMessages.id });
  return row!.id;
}

/** Built once: the messages of a delivery batch, one row each, in one statement (db/reusable-query.ts). */
const insertMessages = reusableInsert('deliver_message', searchableMessages, (q, rows) =>
  q.insert(searchableMessages).values(rows).returning({ id: searchableMessages.id }),
);

async function threadOf(tx: Tx, userId: number, messageIds: readonly string[]): Promise<string | null> {
  const result = await tx.execute(sql`
    SELECT thread_id FROM messages
    WHERE user_id = ${userId} AND thread_id IS NOT NULL
      AND message_id_header IN (${sql.join(
        messageIds.map((p) => sql`${p}`),
        sql`, `,
      )})
    ORDER BY id LIMIT 1`);
  const row = (result as unknown as { rows: { thread_id: string }[] }).rows[0];
  return row ? row.thread_id : null;
}

async function insert(tx: Tx, rows: MessageInsert[]): Promise<number[]> {
  const inserted = await insertMessages(tx, rows);
  if (inserted.length !== rows.length) throw new Error('message insert returned the wrong number of rows');
  // Ids are drawn in the order of the rows (reusableInsert): the smallest is the first row's.
  return inserted.map((row) => row.id).sort((a, b) => a - b);
}

/** The message rows as delivery writes them (mail/pipeline/store-message.ts). */
export const deliveryMessages: DeliveryMessages = { threadOf, insert };
