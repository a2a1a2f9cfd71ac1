import { and, eq } from 'drizzle-orm';
import type { DraftRecipients } from '@postline/shared/drafts';
import { formatRecipient, parseRecipient } from '@postline/shared/recipients';
import type { Queryable } from '../../db/client.js';
import { messages, type AddressEntry } from '../../db/schema/mail.js';

/**
 * A request's recipients as stored and sent (issue 34): `Name <address>` keeps its name for the
 * To and Cc headers; each address once, whatever its case, in the order written. The request's
 * schema has refused anything that is not a recipient.
 */
export function recipientEntries(list: readonly string[]): AddressEntry[] {
  const seen = new Set<string>();
  const out: AddressEntry[] = [];
  for (const text of list) {
    const recipient = parseRecipient(text) ?? { address: text.trim(), name: null };
    const key = recipient.address.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push({ address: recipient.address, name: recipient.name });
  }
  return out;
}

/** A draft's recipients as written, names and all, for the composer that continues it. */
export async function draftRecipients(db: Queryable, userId: number, id: number): Promise<DraftRecipients> {
  const [row] = await db
    .select({ to: messages.toAddresses, cc: messages.ccAddresses, bcc: messages.bccAddresses })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.userId, userId)));
  const written = (entries: AddressEntry[] | undefined) =>
    (entries ?? []).map((entry) => formatRecipient({ address: entry.address, name: entry.name ?? null }));
  return { to: written(row?.to), cc: written(row?.cc), bcc: written(row?.bcc) };
}
