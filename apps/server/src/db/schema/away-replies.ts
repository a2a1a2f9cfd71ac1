import { boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle's view of 0026_away_replies.sql; the SQL file is the source of truth for the database. */
export const awayReplies = pgTable('away_replies', {
  userId: integer('user_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  firstDay: date('first_day'),
  lastDay: date('last_day'),
  timeZone: text('time_zone').notNull().default('Asia/Seoul'),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull().default(''),
  includeSignature: boolean('include_signature').notNull().default(true),
  contactsOnly: boolean('contacts_only').notNull().default(false),
  intervalDays: integer('interval_days').notNull().default(4),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const awayReplyLog = pgTable(
  'away_reply_log',
  {
    userId: integer('user_id').notNull(),
    sender: text('sender').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sender] })],
);
