import {
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Drizzle's view of 0023_contacts.sql; the SQL file is the source of truth (its indexes too). */
export const contacts = pgTable('contacts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  phone: text('phone'),
  company: text('company'),
  note: text('note'),
  /** The name in lower case; nameRest the same after its first word; initials its Korean initials. */
  nameKey: text('name_key').notNull().default(''),
  nameRest: text('name_rest').notNull().default(''),
  initials: text('initials').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactAddresses = pgTable(
  'contact_addresses',
  {
    contactId: integer('contact_id').notNull(),
    position: smallint('position').notNull(),
    userId: integer('user_id').notNull(),
    /** Lower case. */
    address: text('address').notNull(),
    /** The contact's name and its keys, as in contacts; rank as in contact_seen_addresses, plus one. */
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().default(''),
    nameRest: text('name_rest').notNull().default(''),
    initials: text('initials').notNull().default(''),
    rank: doublePrecision('rank').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.contactId, table.position] })],
);

export const contactGroups = pgTable('contact_groups', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull().default(''),
  initials: text('initials').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    groupId: integer('group_id').notNull(),
    contactId: integer('contact_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.contactId] })],
);

export const contactSeenAddresses = pgTable(
  'contact_seen_addresses',
  {
    userId: integer('user_id').notNull(),
    address: text('address').notNull(),
    name: text('name'),
    nameKey: text('name_key').notNull().default(''),
    nameRest: text('name_rest').notNull().default(''),
    initials: text('initials').notNull().default(''),
    times: integer('times').notNull().default(0),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    rank: doublePrecision('rank').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.address] })],
);

export const contactSeenProgress = pgTable('contact_seen_progress', {
  userId: integer('user_id').primaryKey(),
  lastMessageId: integer('last_message_id').notNull().default(0),
});
