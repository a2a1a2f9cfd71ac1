import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { DeliveryContext, IncomingMail } from '../types.js';

/** No user with that id or address: a permanent refusal (SMTP 550), not a temporary one. */
export class UnknownRecipientError extends Error {
  constructor(recipient: number | string) {
    super(`No such user: ${recipient}`);
    this.name = 'UnknownRecipientError';
  }
}

/** A user of this server who gets a copy, and the address the copy was sent to. */
export interface LocalRecipient {
  userId: number;
  address: string;
}

export interface ResolvedRecipients {
  local: LocalRecipient[];
  /** Addresses no user here has (for SMTP: removed between RCPT and DATA). */
  unknown: string[];
}

/** Users of this server by address, case-insensitively; duplicates collapse. */
export async function findLocalUsers(database: Database, addresses: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter(Boolean))];
  const found = new Map<string, number>();
  if (wanted.length === 0) return found;
  const result = await database.db.execute(sql`
    SELECT id, lower(email) AS email FROM users
    WHERE lower(email) IN (${sql.join(
      wanted.map((a) => sql`${a}`),
      sql`, `,
    )})`);
  for (const row of (result as unknown as { rows: { id: number; email: string }[] }).rows)
    found.set(row.email, Number(row.id));
  return found;
}

/** Step 3, resolve recipients: each address once, in the order given, split into users here and the rest. */
export async function resolveRecipients(
  database: Database,
  addresses: string[],
): Promise<ResolvedRecipients> {
  const users = await findLocalUsers(database, addresses);
  const local: LocalRecipient[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  for (const raw of addresses) {
    const address = raw.trim();
    const key = address.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const userId = users.get(key);
    if (userId === undefined) unknown.push(address);
    else local.push({ userId, address });
  }
  return { local, unknown };
}

/**
 * A recipient's copy names Bcc only when that recipient was one, and then only them: a Bcc list
 * must never reach the people on it or anyone else.
 */
export function copyForRecipient(mail: IncomingMail, address: string): IncomingMail {
  const lower = address.toLowerCase();
  const visible = [...mail.to, ...mail.cc].some((e) => e.address.toLowerCase() === lower);
  const listed = mail.bcc?.find((e) => e.address.toLowerCase() === lower);
  const bcc = listed ? [listed] : visible ? [] : [{ address, name: null }];
  return { ...mail, bcc };
}

/** The recipient's row, read inside their delivery transaction; a user deleted meanwhile is refused. */
export async function loadRecipient(tx: Tx, userId: number): Promise<DeliveryContext['user']> {
  const result = await tx.execute(sql`SELECT id, email, name, language FROM users WHERE id = ${userId}`);
  const row = (result as unknown as { rows: DeliveryContext['user'][] }).rows[0];
  if (!row) throw new UnknownRecipientError(userId);
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    language: row.language === 'en' ? 'en' : 'ko',
  };
}
