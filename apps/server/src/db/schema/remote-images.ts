import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle's view of 0021_remote_image_senders.sql; the SQL file is the source of truth. */
export const remoteImageSenders = pgTable(
  'remote_image_senders',
  {
    userId: integer('user_id').notNull(),
    /** Lower case. */
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.address] })],
);
