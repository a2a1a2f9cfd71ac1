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

/** Built once: the sources of a delivery batch, in one statement (db/reusable-query.ts). */
const insertSourceRows = reusableInsert('message_source', messageSources, (q, rows) =>
  q.insert(messageSources).values(rows),
);

/**
 * A source up to this size is kept in its row (migration 0014): nearly all mail, whose file would
 * cost a write, two fsyncs and a rename per delivery. Larger ones go to the blob store, where copies
 * for several users share one file and the database stays small.
 */
export const INLINE_SOURCE_MAX_BYTES = 128 * 1024;

/** A message's original source, as the parts it arrived in; blobs written for it go on `held`. */
export interface SourceToStore {
  messageId: number;
  parts: readonly Buffer[];
  held: string[];
}

/**
 * Writes the sources' rows, in the messages' transaction, each with its source in it or in a blob,
 * all rows in one statement. A blob is held (BlobStore.put) and its hash pushed onto its `held`
 * before the row exists; the caller releases it after the commit, or releases and sweeps it
 * (releaseHeldBlob) when the transaction failed.
 */
export async function storeMessageSources(
  q: Queryable,
  sources: readonly SourceToStore[],
  blobStore: BlobStore,
): Promise<void> {
  if (sources.length === 0) return;
  // Every row names the same columns, so a batch's statement depends on its size alone.
  const rows = [];
  for (const { messageId, parts, held } of sources) {
    const size = parts.reduce((sum, part) => sum + part.length, 0);
    if (size <= INLINE_SOURCE_MAX_BYTES) {
      rows.push({ messageId, content: Buffer.concat(parts, size), contentHash: null, sizeBytes: size });
      continue;
    }
    const blob = await blobStore.put(Readable.from(parts), { maxBytes: SOURCE_MAX_BYTES });
    held.push(blob.hash);
    rows.push({ messageId, content: null, contentHash: blob.hash, sizeBytes: blob.size });
  }
  await insertSourceRows(q, rows);
}

/** A kept source: its bytes in the row, or the blob that holds them. */
export interface OwnedSource {
  contentHash: string | null;
  content: Buffer | null;
  sizeBytes: number;
  subject: string;
}

/** Whether the source's bytes can be read (a blob may have gone missing; a row's bytes cannot). */
export async function sourceIsReadable(blobStore: BlobStore, source: OwnedSource): Promise<boolean> {
  return (
    source.content !== null || (source.contentHash !== null && (await blobStore.exists(source.contentHash)))
  );
}

/** The source's bytes as a stream, from the row or the blob store. */
export function openSource(blobStore: BlobStore, source: OwnedSource): Readable {
  if (source.content) return Readable.from([source.content]);
  if (source.contentHash === null) throw new Error('a kept source has neither bytes nor a blob'); // 0014's CHECK
  return blobStore.open(source.contentHash);
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
      content: messageSources.content,
      sizeBytes: messageSources.sizeBytes,
    })
    .from(messages)
    .leftJoin(messageSources, eq(messageSources.messageId, messages.id))
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
  if (!row) return { found: false };
  if ((row.contentHash === null && row.content === null) || row.sizeBytes === null) return { found: true };
  const { contentHash, content, sizeBytes, subject } = row;
  return { found: true, source: { contentHash, content, sizeBytes, subject } };
}
