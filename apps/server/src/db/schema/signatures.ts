import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { SignatureType } from '@postline/shared/signatures';

/** Drizzle's view of 0005_templates_signatures.sql; the SQL file is the source of truth. */
export const signatures = pgTable('signatures', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  signatureType: text('signature_type').$type<SignatureType>().notNull().default('PERSONAL'),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  includeImage: boolean('include_image').notNull().default(false),
  imageUrl: text('image_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
