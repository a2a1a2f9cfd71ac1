import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  attachmentBlobReleases,
  attachments,
  messageSources,
  type AttachmentRow,
} from '../../db/schema/attachments.js';
import { messages } from '../../db/schema/mail.js';
import { queryRows } from '../../db/rows.js';

export type NewAttachmentRow = typeof attachments.$inferInsert;

export async function insertAttachments(q: Queryable, rows: NewAttachmentRow[]): Promise<AttachmentRow[]> {
  if (rows.length === 0) return [];
  return q.insert(attachments).values(rows).returning();
}

export async function findUserAttachment(
  q: Queryable,
  userId: number,
  id: number,
): Promise<AttachmentRow | undefined> {
  const [row] = await q
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), eq(attachments.userId, userId)));
  return row;
}

/**
 * The user's rows among `ids`. `share` locks them until the transaction ends, so a concurrent
 * delete (and the blob sweep after it) cannot take a blob this transaction is about to reuse.
 */
export async function findUserAttachments(
  q: Queryable,
  userId: number,
  ids: number[],
  lock: 'share' | 'none' = 'none',
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  const query = q
    .select()
    .from(attachments)
    .where(and(inArray(attachments.id, ids), eq(attachments.userId, userId)));
  return lock === 'share' ? query.for('share') : query;
}

export async function attachmentsOfMessages(q: Queryable, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return q
    .select()
    .from(attachments)
    .where(inArray(attachments.messageId, messageIds))
    .orderBy(asc(attachments.id));
}

export interface OwnedMessage {
  id: number;
  isDraft: boolean;
}

export async function findUserMessage(
  q: Queryable,
  userId: number,
  messageId: number,
): Promise<OwnedMessage | undefined> {
  const [row] = await q
    .select({ id: messages.id, isDraft: messages.isDraft })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
  return row;
}

export interface AttachmentPageQuery {
  page: number;
  size: number;
  sort?: string | undefined;
  keyword?: string | undefined;
  contentType?: string | undefined;
}

const SORT_COLUMNS = {
  createdAt: attachments.createdAt,
  uploadedAt: attachments.createdAt,
  originalFilename: attachments.originalFilename,
  filename: attachments.originalFilename,
  displayName: attachments.originalFilename,
  sizeBytes: attachments.sizeBytes,
  size: attachments.sizeBytes,
  contentType: attachments.contentType,
} as const;

function orderOf(sort: string | undefined): SQL[] {
  const [field = 'createdAt', direction = 'desc'] = (sort ?? '').split(',').map((part) => part.trim());
  const column = SORT_COLUMNS[field as keyof typeof SORT_COLUMNS] ?? attachments.createdAt;
  const dir = direction.toLowerCase() === 'asc' ? asc : desc;
  return [dir(column), dir(attachments.id)];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** 'image' and 'image/*' mean the group; anything else the exact type (parameters ignored). */
function contentTypeCondition(filter: string): SQL | undefined {
  const wanted = filter.trim().toLowerCase();
  const group = /^([a-z]+)(\/\*)?$/.exec(wanted);
  if (group && (group[2] || !wanted.includes('/'))) {
    return ilike(attachments.contentType, `${escapeLike(group[1] ?? '')}/%`);
  }
  return or(eq(attachments.contentType, wanted), ilike(attachments.contentType, `${escapeLike(wanted)};%`));
}

export async function pageUserAttachments(
  q: Queryable,
  userId: number,
  query: AttachmentPageQuery,
): Promise<{ rows: AttachmentRow[]; total: number }> {
  const conditions: SQL[] = [eq(attachments.userId, userId)];
  if (query.keyword) conditions.push(ilike(attachments.originalFilename, `%${escapeLike(query.keyword)}%`));
  const typeCondition = query.contentType ? contentTypeCondition(query.contentType) : undefined;
  if (typeCondition) conditions.push(typeCondition);
  const where = and(...conditions);
  const rows = await q
    .select()
    .from(attachments)
    .where(where)
    .orderBy(...orderOf(query.sort))
    .limit(query.size)
    .offset(query.page * query.size);
  const [total] = await q.select({ value: count() }).from(attachments).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function deleteAttachmentRow(q: Queryable, id: number): Promise<void> {
  await q.delete(attachments).where(eq(attachments.id, id));
}

export async function setMessage(q: Queryable, ids: number[], messageId: number): Promise<void> {
  if (ids.length === 0) return;
  await q.update(attachments).set({ messageId }).where(inArray(attachments.id, ids));
}

/**
 * New rows for `toMessageId`'s owner, pointing at the same blobs. FOR SHARE makes a concurrent
 * delete of the originals wait for this commit, so the blob sweep that follows it sees the copies.
 */
export async function copyMessageAttachments(
  q: Queryable,
  fromMessageId: number,
  toMessageId: number,
): Promise<AttachmentRow[]> {
  const copied = await queryRows<{ id: number }>(
    q,
    sql`
    INSERT INTO attachments (user_id, message_id, content_hash, size_bytes, original_filename, content_type, content_id, is_inline)
    SELECT m.user_id, m.id, a.content_hash, a.size_bytes, a.original_filename, a.content_type, a.content_id, a.is_inline
      FROM attachments a JOIN messages m ON m.id = ${toMessageId} AND m.user_id = a.user_id
     WHERE a.message_id = ${fromMessageId}
     ORDER BY a.id
       FOR SHARE OF a
    RETURNING id`,
  );
  const ids = copied.map((row) => row.id);
  if (ids.length === 0) return [];
  return q.select().from(attachments).where(inArray(attachments.id, ids)).orderBy(asc(attachments.id));
}

/** Notes whose time has come (a note put off by postponeBlobRelease waits). */
export async function pendingBlobReleases(
  q: Queryable,
  limit: number,
): Promise<{ contentHash: string; seq: number }[]> {
  return q
    .select({ contentHash: attachmentBlobReleases.contentHash, seq: attachmentBlobReleases.seq })
    .from(attachmentBlobReleases)
    .where(lte(attachmentBlobReleases.releasedAt, sql`now()`))
    .orderBy(asc(attachmentBlobReleases.seq))
    .limit(limit);
}

/** Notes a hash for the sweep, as the delete trigger does (a held upload that was never committed). */
export async function noteBlobRelease(q: Queryable, hash: string, delayMinutes = 0): Promise<void> {
  await q.execute(sql`
    INSERT INTO attachment_blob_releases (content_hash, released_at)
    VALUES (${hash}, now() + make_interval(mins => ${delayMinutes}))
    ON CONFLICT (content_hash) DO UPDATE
      SET seq = nextval('attachment_blob_release_seq'), released_at = EXCLUDED.released_at`);
}

/** Asks the sweep to look at a note again later, unless a newer release replaced it meanwhile. */
export async function postponeBlobRelease(
  q: Queryable,
  hash: string,
  seq: number,
  delayMinutes: number,
): Promise<void> {
  await q
    .update(attachmentBlobReleases)
    .set({ releasedAt: sql`now() + make_interval(mins => ${delayMinutes})` })
    .where(and(eq(attachmentBlobReleases.contentHash, hash), eq(attachmentBlobReleases.seq, seq)));
}

/** Whether any attachment row or any message's original source still refers to the blob. */
export async function isBlobReferenced(q: Queryable, hash: string): Promise<boolean> {
  const [row] = await q
    .select({ id: attachments.id })
    .from(attachments)
    .where(eq(attachments.contentHash, hash))
    .limit(1);
  if (row !== undefined) return true;
  const [source] = await q
    .select({ id: messageSources.messageId })
    .from(messageSources)
    .where(eq(messageSources.contentHash, hash))
    .limit(1);
  return source !== undefined;
}

/** Clears the entry only if no newer release of the same hash arrived meanwhile. */
export async function clearBlobRelease(q: Queryable, hash: string, seq: number): Promise<void> {
  await q
    .delete(attachmentBlobReleases)
    .where(and(eq(attachmentBlobReleases.contentHash, hash), eq(attachmentBlobReleases.seq, seq)));
}

/** The names of a message's listed (not inline) attachments, for the filters' filename condition. */
export async function listedAttachmentNames(
  q: Queryable,
  userId: number,
  messageId: number,
): Promise<string[]> {
  const rows = await q
    .select({ name: attachments.originalFilename })
    .from(attachments)
    .where(
      and(
        eq(attachments.messageId, messageId),
        eq(attachments.userId, userId),
        eq(attachments.isInline, false),
      ),
    );
  return rows.map((row) => row.name);
}
