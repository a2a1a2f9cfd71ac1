-- Issue 36. Undo send and send later, one mechanism: a sent mail waits, as a draft in the new
-- system folder Scheduled, with a row here saying when it goes; the outbox worker sends it then
-- (modules/compose/scheduled-sender.ts). Claimed with FOR UPDATE SKIP LOCKED and a lease, so
-- several nodes send each once; the send's own transaction deletes the row by its claim token.
ALTER TABLE mailboxes DROP CONSTRAINT IF EXISTS mailboxes_type_check;
--> statement-breakpoint
ALTER TABLE mailboxes ADD CONSTRAINT mailboxes_type_check
  CHECK (type IN ('INBOX', 'SENT', 'DRAFTS', 'TRASH', 'SPAM', 'ARCHIVE', 'SCHEDULED', 'CUSTOM'));
--> statement-breakpoint
-- Every user has Scheduled, as 0020 gave everyone Archive. A user with folders of their own named
-- "Scheduled" and "Scheduled (2)" gets it on first use instead.
INSERT INTO mailboxes (user_id, type, name)
SELECT u.id, 'SCHEDULED', free.name
FROM users u
CROSS JOIN LATERAL (
  SELECT candidate.name FROM (VALUES (1, 'Scheduled'), (2, 'Scheduled (2)')) AS candidate (rank, name)
  WHERE NOT EXISTS (
    SELECT 1 FROM mailboxes m
    WHERE m.user_id = u.id AND m.parent_id IS NULL AND lower(m.name) = lower(candidate.name)
  )
  ORDER BY candidate.rank LIMIT 1
) AS free
WHERE NOT EXISTS (SELECT 1 FROM mailboxes m WHERE m.user_id = u.id AND m.type = 'SCHEDULED');
--> statement-breakpoint
-- One row per waiting mail. request: the send's body as the API parsed it (what was written is the
-- draft itself, with its files and context); undo: held for the sender's undo delay (true) or
-- scheduled for a time they chose (false). claim_token and claimed_until: the node sending it.
CREATE TABLE IF NOT EXISTS scheduled_sends (
  message_id integer PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  send_at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('NEW', 'REPLY', 'REPLY_ALL', 'FORWARD')),
  request jsonb NOT NULL,
  language text NOT NULL DEFAULT 'ko',
  time_zone text,
  undo boolean NOT NULL DEFAULT false,
  claim_token text,
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS scheduled_sends_due_idx ON scheduled_sends (send_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS scheduled_sends_user_idx ON scheduled_sends (user_id);
