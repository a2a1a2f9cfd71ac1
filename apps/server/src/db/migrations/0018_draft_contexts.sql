-- Issue 34: what a draft is written as (a new mail, a reply, a reply to all, a forward) and the
-- signature it holds, so that a draft continued later is still sent as a reply and a new signature
-- replaces the one in its body. A row only for drafts saved since; none reads as a new mail.
CREATE TABLE draft_contexts (
  message_id integer PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('NEW', 'REPLY', 'REPLY_ALL', 'FORWARD')),
  original_message_id integer REFERENCES messages (id) ON DELETE SET NULL,
  signature_id integer REFERENCES signatures (id) ON DELETE SET NULL,
  signature_text text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX draft_contexts_original_idx ON draft_contexts (original_message_id)
  WHERE original_message_id IS NOT NULL;
