-- Issue 36. Contacts, contact groups and recipient autocomplete. Every table is the user's own.
-- name_key is the name in lower case, name_rest the same after its first word ("smith" of
-- "John Smith"), initials the Korean initial consonants of the name (ㄱㅁㅈ of 김민지, made in Node
-- with es-hangul): autocomplete matches the start of any of them, or of an address, through the
-- text_pattern_ops indexes below (a LIKE 'x%' range whatever the database's collation), and walks
-- the rank indexes for a prefix that many match (modules/contacts/suggest.ts).
CREATE TABLE IF NOT EXISTS contacts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  phone text,
  company text,
  note text,
  name_key text NOT NULL DEFAULT '',
  name_rest text NOT NULL DEFAULT '',
  initials text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contacts_user_name_idx ON contacts (user_id, name_key, id);
--> statement-breakpoint
-- A contact's addresses in the order the person gave them (the first is the one a group uses),
-- kept in lower case, each with what autocomplete matches and ranks it by: the contact's name and
-- its keys (as in contacts), and rank: the address's rank in contact_seen_addresses (else one
-- message at the time it was saved) plus one, so a contact goes before a stranger seen as often.
CREATE TABLE IF NOT EXISTS contact_addresses (
  contact_id integer NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  name text NOT NULL,
  name_key text NOT NULL DEFAULT '',
  name_rest text NOT NULL DEFAULT '',
  initials text NOT NULL DEFAULT '',
  rank double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (contact_id, position)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_addresses_user_rank_idx ON contact_addresses (user_id, rank DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_addresses_user_prefix_idx ON contact_addresses (user_id, address text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_addresses_user_name_prefix_idx ON contact_addresses (user_id, name_key text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_addresses_user_rest_prefix_idx ON contact_addresses (user_id, name_rest text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_addresses_user_initials_prefix_idx ON contact_addresses (user_id, initials text_pattern_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS contact_groups (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  name_key text NOT NULL DEFAULT '',
  initials text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS contact_groups_user_name_idx ON contact_groups (user_id, name_key);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_groups_user_name_prefix_idx ON contact_groups (user_id, name_key text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_groups_user_initials_prefix_idx ON contact_groups (user_id, initials text_pattern_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS contact_group_members (
  group_id integer NOT NULL REFERENCES contact_groups (id) ON DELETE CASCADE,
  contact_id integer NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, contact_id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_group_members_contact_idx ON contact_group_members (contact_id);
--> statement-breakpoint
-- Everyone the user has written to or heard from: the From, To, Cc and Bcc of their mail (not
-- drafts, spam or automatic mail), folded in from messages lazily (modules/contacts/seen.ts), with
-- how often and when last. rank = ln(1 + times) + epoch(last_seen) / 14 days orders them by a
-- decaying count (times · e^(-age / 14 days)) whose order does not change as time passes.
CREATE TABLE IF NOT EXISTS contact_seen_addresses (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  name text,
  name_key text NOT NULL DEFAULT '',
  name_rest text NOT NULL DEFAULT '',
  initials text NOT NULL DEFAULT '',
  times integer NOT NULL DEFAULT 0,
  last_seen timestamptz NOT NULL DEFAULT now(),
  rank double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, address)
);
--> statement-breakpoint
-- The best ranked first: for a short prefix that many match, the planner walks this and stops at
-- the first few that match, instead of sorting thousands.
CREATE INDEX IF NOT EXISTS contact_seen_user_rank_idx ON contact_seen_addresses (user_id, rank DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_seen_user_address_prefix_idx ON contact_seen_addresses (user_id, address text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_seen_user_name_prefix_idx ON contact_seen_addresses (user_id, name_key text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_seen_user_rest_prefix_idx ON contact_seen_addresses (user_id, name_rest text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS contact_seen_user_initials_prefix_idx ON contact_seen_addresses (user_id, initials text_pattern_ops);
--> statement-breakpoint
-- How far each user's mail has been folded into contact_seen_addresses: messages with a larger id
-- are still to be read.
CREATE TABLE IF NOT EXISTS contact_seen_progress (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_message_id integer NOT NULL DEFAULT 0
);
