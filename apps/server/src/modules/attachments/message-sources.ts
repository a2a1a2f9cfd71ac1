import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { SMTP_MAX_MESSAGE_BYTES } from '@postline/shared/limits';
import type { Queryable } from '../../db/client.js';
import { reusableInsert } from '../../db/reusable-query.js';
import { messageSources } from '../../db/schema/attachments.js';
import { messages } from '../../db/schema/mail.js';
import type { BlobStore } from '../../storage/blob-store.js';

/**
 * The original source of a message (issue 12, "show original"), kept in the blob store beside the
 * attachments: the copies of one mail for several users, and the sender's SENT copy of a local mail,
 * share one file because blobs are named by their content.
 */

/** Room for this server's own trace lines on top of the largest message SMTP accepts. */
const SOURCE_MAX_BYTES = SMTP_MAX_MESSAGE_BYTES + 64 * 1024;

/** Built once: every delivery writes its source row (db/reusable-query.ts). */
const insertSourceRow = reusableInsert('message_source', messageSources, (q, values) =>
  q.insert(messageSources).values(values),
);

/**
 * Writes the source's blob and its row, in the message's transaction. The blob is held
 * (BlobStore.put) and its hash pushed onto `held` before the row exists; the caller releases it
 * after the commit, or releases and sweeps it (releaseHeldBlob) when the transaction failed.
 */
export async function storeMessageSource(
  q: Queryable,
  messageId: number,
  parts: readonly Buffer[],
  blobStore: BlobStore,
  held: string[],
): Promise<void> {
  const blob = await blobStore.put(Readable.from(parts), { maxBytes: SOURCE_MAX_BYTES });
  held.push(blob.hash);
  await insertSourceRow(q, { messageId, contentHash: blob.hash, sizeBytes: blob.size });
}

export interface OwnedSource {
  contentHash: string;
  sizeBytes: number;
  subject: string;
}

/** The user's message's source; undefined when the message is not theirs or none was kept. */
export async function findUserMessageSource(
  q: Queryable,
  userId: number,
  messageId: number,
): Promise<{ found: boolean; source?: OwnedSource }> {
  const [row] = await q
    .select({
      subject: messages.subject,
      contentHash: messageSources.contentHash,
      sizeBytes: messageSources.sizeBytes,
    })
    .from(messages)
    .leftJoin(messageSources, eq(messageSources.messageId, messages.id))
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
  if (!row) return { found: false };
  if (row.contentHash === null || row.sizeBytes === null) return { found: true };
  return {
    found: true,
    source: { contentHash: row.contentHash, sizeBytes: row.sizeBytes, subject: row.subject },
  };
}
