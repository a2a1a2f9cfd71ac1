import { bigint, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './column-types.js';

/** Drizzle's view of 0003_attachments.sql; the SQL file is the source of truth for the database. */
export const attachments = pgTable('attachments', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  messageId: integer('message_id'),
  contentHash: text('content_hash').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  originalFilename: text('original_filename').notNull(),
  contentType: text('content_type').notNull(),
  contentId: text('content_id'),
  isInline: boolean('is_inline').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AttachmentRow = typeof attachments.$inferSelect;

/** Filled by a trigger when attachment rows are deleted; emptied by the blob sweep. */
export const attachmentBlobReleases = pgTable('attachment_blob_releases', {
  contentHash: text('content_hash').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Drizzle's view of 0009_message_sources.sql: the blob holding a message's original source. */
export const messageSources = pgTable('message_sources', {
  messageId: integer('message_id').primaryKey(),
  /** A blob of the attachment store, for a source over INLINE_SOURCE_MAX_BYTES; else null. */
  contentHash: text('content_hash'),
  /** The source itself when it is small (0014); else null. */
  content: bytea('content'),
  sizeBytes: integer('size_bytes').notNull(),
});
