import { bigserial, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MailboxType } from '@postline/shared/mailbox';

/** Drizzle's view of 0001_core.sql; the SQL file is the source of truth for the database. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  language: text('language').$type<'ko' | 'en'>().notNull().default('ko'),
  oidcSubject: text('oidc_subject'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSessions = pgTable('auth_sessions', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const oidcLoginCodes = pgTable('oidc_login_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const oidcFlows = pgTable('oidc_flows', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Pending changes of folder counts (0008_mailbox_count_deltas.sql); see mailboxes/counts.ts. */
export const mailboxCountDeltas = pgTable('mailbox_count_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mailboxId: integer('mailbox_id').notNull(),
  total: integer('total').notNull(),
  unread: integer('unread').notNull(),
});

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mailboxes = pgTable('mailboxes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<MailboxType>().notNull(),
  parentId: integer('parent_id'),
  totalCount: integer('total_count').notNull().default(0),
  unreadCount: integer('unread_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
