import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.js';
import { eventually, rows } from '../../mail/helpers/rows.js';
import type { FakeRelay } from '../../mail/helpers/fake-relay.js';

/*
 * What the undo-send and send-later tests look at (issue 36): a user's messages by folder, what the
 * relay was given, and waits with deadlines (the sender wakes as the mail falls due).
 */

export interface FolderMessage {
  id: number;
  subject: string;
  type: string;
  is_draft: boolean;
}

/** The user's messages with the type of the folder each is in. */
export function messagesIn(database: Database, userId: number, type: string): Promise<FolderMessage[]> {
  return rows<FolderMessage>(
    database,
    sql`SELECT m.id, m.subject, b.type, m.is_draft FROM messages m JOIN mailboxes b ON b.id = m.mailbox_id
        WHERE m.user_id = ${userId} AND b.type = ${type} ORDER BY m.id`,
  );
}

/** How many copies with this subject the user holds in that folder. */
export async function copies(database: Database, userId: number, type: string, subject: string) {
  return (await messagesIn(database, userId, type)).filter((m) => m.subject === subject).length;
}

/** How many times the relay was handed a message with this subject (the raw source holds it). */
export function relayed(relay: FakeRelay, subject: string): number {
  return relay.received.filter((m) => m.raw.toString('utf8').includes(subject)).length;
}

/** Waits until the user has a copy of `subject` in that folder (deadline 20 s). */
export function arrives(database: Database, userId: number, type: string, subject: string) {
  return eventually(async () => (await copies(database, userId, type, subject)) > 0, 20_000);
}

/** The waiting schedule's rows left for a message. */
export async function scheduleRows(database: Database, messageId: number): Promise<number> {
  const found = await rows<{ n: number }>(
    database,
    sql`SELECT count(*)::int AS n FROM scheduled_sends WHERE message_id = ${messageId}`,
  );
  return Number(found[0]?.n ?? 0);
}

/** An instant `ms` from now, as ?sendAt takes it. */
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
