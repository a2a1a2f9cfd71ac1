import { foldFolderCounts } from '../../../src/modules/folders/counts.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.js';
import { queryRows } from '../../../src/db/rows.js';

export function rows<T>(database: Database, query: SQL): Promise<T[]> {
  return queryRows<T>(database.db, query);
}

export interface StoredMessageRow {
  id: number;
  mailbox_id: number;
  subject: string;
  from_address: string;
  from_name: string | null;
  body_text: string;
  body_html: string | null;
  preview: string;
  to_text: string;
  thread_id: string;
  message_id_header: string;
  in_reply_to: string | null;
  is_read: boolean;
  is_auto_generated: boolean;
  importance: string;
  priority: number;
  has_attachments: boolean;
  attachment_count: number;
  size_bytes: number;
  bcc_addresses: unknown;
  raw_headers: Record<string, string> | null;
}

export function messagesOf(database: Database, userId: number): Promise<StoredMessageRow[]> {
  return rows<StoredMessageRow>(database, sql`SELECT * FROM messages WHERE user_id = ${userId} ORDER BY id`);
}

/** A folder's counts as stored once the pending changes are folded in (as the server does). */
export async function folderCounts(database: Database, userId: number, type: string) {
  await foldFolderCounts(database.db);
  const [row] = await rows<{ id: number; total_count: number; unread_count: number }>(
    database,
    sql`SELECT id, total_count, unread_count FROM mailboxes WHERE user_id = ${userId} AND type = ${type}`,
  );
  return row;
}

/** Polls until the check returns a value (async work such as the outbox worker). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
