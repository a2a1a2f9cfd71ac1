import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DraftKind } from '@postline/shared/drafts';

/** Drizzle's view of 0018_draft_contexts.sql; the SQL file is the source of truth. */
export const draftContexts = pgTable('draft_contexts', {
  messageId: integer('message_id').primaryKey(),
  kind: text('kind').$type<DraftKind>().notNull(),
  originalMessageId: integer('original_message_id'),
  signatureId: integer('signature_id'),
  signatureText: text('signature_text'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
