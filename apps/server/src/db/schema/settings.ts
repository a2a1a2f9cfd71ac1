import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle's view of 0022_user_settings.sql; the SQL file is the source of truth. */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id').primaryKey(),
  /** 5, 10, 20 or 30; null until chosen: the server's default (config.undoSendDefaultSeconds). */
  undoSendSeconds: integer('undo_send_seconds'),
  conversationView: boolean('conversation_view').notNull().default(true),
  /** 0027: the keyboard shortcuts work (issue 37). */
  keyboardShortcuts: boolean('keyboard_shortcuts').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserSettingsRow = typeof userSettings.$inferSelect;
