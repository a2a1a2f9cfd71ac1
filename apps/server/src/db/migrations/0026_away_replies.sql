-- Issue 37. The away reply (vacation responder): one per user, and the senders it answered, each
-- with the time of its last answer, so a sender is answered once per interval_days (RFC 3834 §2).
CREATE TABLE IF NOT EXISTS away_replies (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  first_day date,
  last_day date,
  time_zone text NOT NULL DEFAULT 'Asia/Seoul',
  subject text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  include_signature boolean NOT NULL DEFAULT true,
  contacts_only boolean NOT NULL DEFAULT false,
  interval_days integer NOT NULL DEFAULT 4 CHECK (interval_days BETWEEN 1 AND 30),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS away_reply_log (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sender text NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, sender)
);
