import { Readable } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import type { Attachment } from '@postline/shared/attachments';
import { sanitizeFileName, uniqueFileName } from '@postline/shared/file-names';
import { SMTP_MAX_MESSAGE_BYTES } from '@postline/shared/limits';
import type { Database, Queryable, Tx } from '../../db/client.js';
import type { AttachmentRow } from '../../db/schema/attachments.js';
import type { IncomingAttachment } from '../../mail/format/types.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { KeyedLock } from '../../storage/keyed-lock.js';
import { attachmentNotFound, blobMissing, messageNotFound } from './errors.js';
import { presentAttachment } from './presenter.js';
import {
  attachmentsOfMessages,
  clearBlobRelease,
  copyMessageAttachments,
  findUserAttachments,
  findUserMessage,
  insertAttachments,
  isBlobReferenced,
  noteBlobRelease,
  pendingBlobReleases,
  postponeBlobRelease,
  setMessage,
  type NewAttachmentRow,
} from './repository.js';
import { refreshAttachmentCounts } from '../messages/index.js';

export interface AttachmentDeps {
  database: Database;
  blobStore: BlobStore;
}

function bareContentId(contentId: string | null | undefined): string | null {
  const bare = contentId?.trim().replace(/^<|>$/g, '') ?? '';
  return bare === '' ? null : bare;
}

/** The type of a received file: what its bytes are when recognisable, else what the sender said. */
async function incomingContentType(attachment: IncomingAttachment): Promise<string> {
  const detected = await fileTypeFromBuffer(attachment.content.subarray(0, 4100));
  if (detected) return detected.mime;
  const declared = (attachment.contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (declared === 'text/plain' && isUtf8(attachment.content)) return 'text/plain; charset=utf-8';
  return declared || 'application/octet-stream';
}

/**
 * Stores the files of a message being delivered, in its transaction: blobs first (deduplicated by
 * content), then the rows. Each blob is held (BlobStore.put) and its hash pushed onto `held` as
 * soon as it is written; the caller releases them once the transaction has committed, or releases
 * and sweeps them (releaseHeldBlob) when it did not, which also covers an error thrown here.
 */
export async function storeIncomingAttachments(
  tx: Tx,
  userId: number,
  messageId: number,
  attachments: IncomingAttachment[],
  blobStore: BlobStore,
  held: string[] = [],
): Promise<AttachmentRow[]> {
  const taken: string[] = [];
  const rows: NewAttachmentRow[] = [];
  for (const attachment of attachments) {
    const blob = await blobStore.put(Readable.from([attachment.content]), {
      maxBytes: SMTP_MAX_MESSAGE_BYTES,
    });
    held.push(blob.hash);
    const name = uniqueFileName(sanitizeFileName(attachment.filename), taken);
    taken.push(name);
    rows.push({
      userId,
      messageId,
      contentHash: blob.hash,
      sizeBytes: blob.size,
      originalFilename: name,
      contentType: await incomingContentType(attachment),
      contentId: bareContentId(attachment.contentId),
      isInline: attachment.isInline,
    });
  }
  return insertAttachments(tx, rows);
}

/** The user's files in the order asked for (duplicates dropped); any id that is not theirs is a 404. */
async function requireUserAttachments(
  q: Queryable,
  userId: number,
  attachmentIds: number[],
  lock: 'share' | 'none',
): Promise<AttachmentRow[]> {
  const ids = [...new Set(attachmentIds)];
  const rows = await findUserAttachments(q, userId, ids, lock);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw attachmentNotFound();
    return row;
  });
}

async function readBlob(blobStore: BlobStore, hash: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of blobStore.open(hash) as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch {
    throw blobMissing();
  }
  return Buffer.concat(chunks);
}

/** The rows as the MIME composer and local delivery want them, contents read from the store. */
export async function toOutgoing(blobStore: BlobStore, rows: AttachmentRow[]): Promise<IncomingAttachment[]> {
  const files: IncomingAttachment[] = [];
  for (const row of rows) {
    files.push({
      filename: row.originalFilename,
      contentType: row.contentType,
      content: await readBlob(blobStore, row.contentHash),
      contentId: row.contentId,
      isInline: row.isInline,
    });
  }
  return files;
}

/** Files the user uploaded, in the order asked for; any id that is not theirs is a 404. */
export async function loadAttachmentsForSend(
  deps: AttachmentDeps,
  userId: number,
  attachmentIds: number[],
  db: Queryable = deps.database.db,
): Promise<IncomingAttachment[]> {
  const rows = await requireUserAttachments(db, userId, attachmentIds, 'none');
  return toOutgoing(deps.blobStore, rows);
}

/**
 * Puts the user's files on `messageId` (their SENT copy or a draft). Unattached uploads and files
 * of `movingFrom` (the draft being sent) move; files already on another message are copied, so
 * that message keeps its own.
 */
export async function linkAttachments(
  tx: Tx,
  userId: number,
  messageId: number,
  attachmentIds: number[],
  movingFrom?: number,
): Promise<AttachmentRow[]> {
  if (!(await findUserMessage(tx, userId, messageId))) throw messageNotFound();
  const rows = await requireUserAttachments(tx, userId, attachmentIds, 'share');
  const moving = rows.filter(
    (row) => row.messageId === null || row.messageId === messageId || row.messageId === movingFrom,
  );
  const copying = rows.filter((row) => !moving.includes(row));
  await setMessage(
    tx,
    moving.map((row) => row.id),
    messageId,
  );
  await insertAttachments(
    tx,
    copying.map((row) => ({
      userId,
      messageId,
      contentHash: row.contentHash,
      sizeBytes: row.sizeBytes,
      originalFilename: row.originalFilename,
      contentType: row.contentType,
      contentId: row.contentId,
      isInline: row.isInline,
    })),
  );
  await refreshAttachmentCounts(tx, [messageId, ...moving.map((row) => row.messageId)]);
  return attachmentsOfMessages(tx, [messageId]);
}

/** Forwarding: the original's files become the new message's too (new rows, same blobs). */
export async function copyAttachments(
  tx: Tx,
  fromMessageId: number,
  toMessageId: number,
): Promise<AttachmentRow[]> {
  const copies = await copyMessageAttachments(tx, fromMessageId, toMessageId);
  await refreshAttachmentCounts(tx, [toMessageId]);
  return copies;
}

/** messageId -> its attachments (empty list for a message without any), for the message presenter. */
export async function presentAttachmentsForMessages(
  db: Queryable,
  messageIds: number[],
): Promise<Map<number, Attachment[]>> {
  const byMessage = new Map<number, Attachment[]>(messageIds.map((id) => [id, []]));
  for (const row of await attachmentsOfMessages(db, messageIds)) {
    if (row.messageId !== null) byMessage.get(row.messageId)?.push(presentAttachment(row));
  }
  return byMessage;
}

/** A blob kept as too recent (a store shared by nodes) is looked at again after this long. */
const RECENT_BLOB_RETRY_MINUTES = 15;

/** Ends a hold; removes the blob if no row took it (an upload that failed after its bytes arrived). */
export async function releaseHeldBlob(deps: AttachmentDeps, hash: string, sweep: boolean): Promise<void> {
  deps.blobStore.release(hash);
  if (!sweep || (await isBlobReferenced(deps.database.db, hash))) return;
  if ((await deps.blobStore.delete(hash)) === 'recent')
    await noteBlobRelease(deps.database.db, hash, RECENT_BLOB_RETRY_MINUTES);
}

const sweepLock = new KeyedLock();

/**
 * Removes blobs whose last row is gone. Rows are deleted by whoever deletes (a message deleted for
 * good, a user, DELETE /attachments/{id}); a trigger notes their hashes and this clears the notes.
 * Call it after the deleting transaction has committed. Answers how many blobs were removed.
 */
export async function sweepReleasedBlobs(deps: AttachmentDeps, batch = 200): Promise<number> {
  return sweepLock.run('sweep', async () => {
    let removed = 0;
    for (;;) {
      const pending = await pendingBlobReleases(deps.database.db, batch);
      for (const { contentHash, seq } of pending) {
        // A blob some upload still holds stays; that upload commits its row or sweeps it itself.
        const result = (await isBlobReferenced(deps.database.db, contentHash))
          ? 'referenced'
          : await deps.blobStore.delete(contentHash);
        if (result === 'deleted') removed += 1;
        await deps.database.transaction((tx) =>
          result === 'recent'
            ? postponeBlobRelease(tx, contentHash, seq, RECENT_BLOB_RETRY_MINUTES)
            : clearBlobRelease(tx, contentHash, seq),
        );
      }
      if (pending.length < batch) return removed;
    }
  });
}
