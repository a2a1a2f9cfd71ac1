-- Messages and the outbound queue (issue 3).
CREATE TABLE messages (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mailbox_id integer NOT NULL REFERENCES mailboxes (id),
  -- RFC 5322 Message-ID, In-Reply-To and References, for threading in every client.
  message_id_header text,
  in_reply_to text,
  references_header text,
  thread_id text,
  subject text NOT NULL DEFAULT '',
  from_address text NOT NULL DEFAULT '',
  from_name text,
  -- Recipients as JSON arrays of {address, name}; *_text keeps them searchable.
  to_addresses jsonb NOT NULL DEFAULT '[]',
  cc_addresses jsonb NOT NULL DEFAULT '[]',
  bcc_addresses jsonb NOT NULL DEFAULT '[]',
  reply_to text,
  to_text text NOT NULL DEFAULT '',
  body_text text NOT NULL DEFAULT '',
  body_html text,
  preview text NOT NULL DEFAULT '',
  is_read boolean NOT NULL DEFAULT false,
  is_starred boolean NOT NULL DEFAULT false,
  is_draft boolean NOT NULL DEFAULT false,
  has_attachments boolean NOT NULL DEFAULT false,
  attachment_count integer NOT NULL DEFAULT 0,
  size_bytes integer NOT NULL DEFAULT 0,
  labels text[] NOT NULL DEFAULT '{}',
  priority smallint NOT NULL DEFAULT 3,
  importance text NOT NULL DEFAULT 'NORMAL' CHECK (importance IN ('HIGH', 'NORMAL', 'LOW')),
  -- Auto-Submitted (RFC 3834) and list mail: never auto-replied to or forwarded in a loop.
  is_auto_generated boolean NOT NULL DEFAULT false,
  raw_headers jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX messages_mailbox_received_idx ON messages (mailbox_id, received_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX messages_user_received_idx ON messages (user_id, received_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX messages_user_unread_idx ON messages (user_id, received_at DESC) WHERE NOT is_read;
--> statement-breakpoint
CREATE INDEX messages_user_starred_idx ON messages (user_id, received_at DESC) WHERE is_starred;
--> statement-breakpoint
CREATE INDEX messages_user_attachments_idx ON messages (user_id, received_at DESC) WHERE has_attachments;
--> statement-breakpoint
CREATE INDEX messages_thread_idx ON messages (user_id, thread_id);
--> statement-breakpoint
CREATE INDEX messages_message_id_idx ON messages (user_id, message_id_header);
--> statement-breakpoint
CREATE INDEX messages_subject_trgm_idx ON messages USING gin (subject gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX messages_from_trgm_idx ON messages USING gin ((from_address || ' ' || coalesce(from_name, '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX messages_to_trgm_idx ON messages USING gin (to_text gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX messages_body_trgm_idx ON messages USING gin (body_text gin_trgm_ops);
--> statement-breakpoint
-- Mail for other domains waits here until the relay takes it; retried with backoff.
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message_id integer REFERENCES messages (id) ON DELETE SET NULL,
  envelope_from text NOT NULL,
  recipients text[] NOT NULL,
  -- The composed MIME message, exactly as it will be sent.
  raw bytea NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENDING', 'SENT', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
--> statement-breakpoint
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status = 'PENDING';
