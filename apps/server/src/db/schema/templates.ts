import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TemplateCategoryCode } from '@postline/shared/templates';

/** Drizzle's view of 0005_templates_signatures.sql; the SQL file is the source of truth. */
export const templateCategories = pgTable('template_categories', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  code: text('code').$type<TemplateCategoryCode>(),
  name: text('name').notNull(),
  description: text('description'),
  color: text('color').notNull().default('#3B82F6'),
  /** Maintained by a database trigger on templates; never written by the application. */
  templateCount: integer('template_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const templates = pgTable('templates', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  categoryId: integer('category_id'),
  name: text('name').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  bodyHtml: text('body_html'),
  variables: text('variables').notNull().default('{}'),
  isShared: boolean('is_shared').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  usageCount: integer('usage_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
