import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ActionType, ConditionType, Operator } from '@postline/shared/filters';

/** Drizzle's view of 0004_filters.sql; the SQL file is the source of truth for the database. */
export const filters = pgTable('filters', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  applyToExisting: boolean('apply_to_existing').notNull().default(false),
  priority: integer('priority').notNull(),
  executionCount: integer('execution_count').notNull().default(0),
  lastExecutedAt: timestamp('last_executed_at', { withTimezone: true }),
  totalExecutionMs: doublePrecision('total_execution_ms').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Raised on every change of a user's filters (not on executions); the delivery cache's stamp. */
export const filterRevisions = pgTable('filter_revisions', {
  userId: integer('user_id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

export const filterConditions = pgTable('filter_conditions', {
  id: serial('id').primaryKey(),
  filterId: integer('filter_id').notNull(),
  position: integer('position').notNull(),
  conditionType: text('condition_type').$type<ConditionType>().notNull(),
  operator: text('operator').$type<Operator>().notNull(),
  value: text('value').notNull().default(''),
  caseSensitive: boolean('case_sensitive').notNull().default(false),
  isRegex: boolean('is_regex').notNull().default(false),
});

export const filterActions = pgTable('filter_actions', {
  id: serial('id').primaryKey(),
  filterId: integer('filter_id').notNull(),
  sortOrder: integer('sort_order').notNull(),
  actionType: text('action_type').$type<ActionType>().notNull(),
  actionValue: text('action_value'),
});

export const filterExecutions = pgTable('filter_executions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  filterId: integer('filter_id').notNull(),
  userId: integer('user_id').notNull(),
  messageId: integer('message_id'),
  executedAt: timestamp('executed_at', { withTimezone: true }).notNull().defaultNow(),
  durationMs: doublePrecision('duration_ms').notNull().default(0),
  matched: boolean('matched').notNull().default(true),
});

export const autoReplyLog = pgTable(
  'auto_reply_log',
  {
    userId: integer('user_id').notNull(),
    sender: text('sender').notNull(),
    sentOn: date('sent_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One auto reply per sender a day: the key is what makes the second one a no-op.
  (t) => [primaryKey({ columns: [t.userId, t.sender, t.sentOn] })],
);
