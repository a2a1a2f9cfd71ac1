import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DraftKind } from '@postline/shared/drafts';

/** Drizzle's view of 0025_scheduled_send.sql; the SQL file is the source of truth. */
export const scheduledSends = pgTable('scheduled_sends', {
  /** The waiting mail: a draft in the Scheduled folder. */
  messageId: integer('message_id').primaryKey(),
  userId: integer('user_id').notNull(),
  sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
  kind: text('kind').$type<DraftKind>().notNull(),
  /** The send's body as the API parsed it, without its draft and files (the draft holds those). */
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  language: text('language').$type<'ko' | 'en'>().notNull().default('ko'),
  timeZone: text('time_zone'),
  /** Held for the undo delay (true) or scheduled for a chosen time (false). */
  undo: boolean('undo').notNull().default(false),
  claimToken: text('claim_token'),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ScheduledSendRow = typeof scheduledSends.$inferSelect;
