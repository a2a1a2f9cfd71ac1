-- Mail filters, their conditions and actions, execution history and the auto-reply log (issue 5).
CREATE TABLE filters (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  is_active boolean NOT NULL DEFAULT true,
  apply_to_existing boolean NOT NULL DEFAULT false,
  -- 1..n per user, kept dense by the application; ties fall back to id.
  priority integer NOT NULL,
  execution_count integer NOT NULL DEFAULT 0,
  last_executed_at timestamptz,
  total_execution_ms double precision NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX filters_user_priority_idx ON filters (user_id, priority, id);
--> statement-breakpoint
-- Delivery reads only the active ones, on every message.
CREATE INDEX filters_user_active_idx ON filters (user_id, priority, id) WHERE is_active;
--> statement-breakpoint
-- Raised in the transaction of every change to a user's filters: delivery compares it with the
-- revision it cached (one primary-key read) instead of loading every filter for every message.
CREATE TABLE filter_revisions (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  revision bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE filter_conditions (
  id serial PRIMARY KEY,
  filter_id integer NOT NULL REFERENCES filters (id) ON DELETE CASCADE,
  position integer NOT NULL,
  condition_type text NOT NULL,
  operator text NOT NULL,
  value text NOT NULL DEFAULT '',
  case_sensitive boolean NOT NULL DEFAULT false,
  is_regex boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX filter_conditions_filter_idx ON filter_conditions (filter_id, position);
--> statement-breakpoint
CREATE TABLE filter_actions (
  id serial PRIMARY KEY,
  filter_id integer NOT NULL REFERENCES filters (id) ON DELETE CASCADE,
  sort_order integer NOT NULL,
  action_type text NOT NULL,
  action_value text
);
--> statement-breakpoint
CREATE INDEX filter_actions_filter_idx ON filter_actions (filter_id, sort_order);
--> statement-breakpoint
-- One row per time a filter matched a message, for the statistics by day and hour.
CREATE TABLE filter_executions (
  id bigserial PRIMARY KEY,
  filter_id integer NOT NULL REFERENCES filters (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- No foreign key: the history outlives the message.
  message_id integer,
  executed_at timestamptz NOT NULL DEFAULT now(),
  duration_ms double precision NOT NULL DEFAULT 0,
  matched boolean NOT NULL DEFAULT true
);
--> statement-breakpoint
CREATE INDEX filter_executions_user_time_idx ON filter_executions (user_id, executed_at);
--> statement-breakpoint
CREATE INDEX filter_executions_filter_idx ON filter_executions (filter_id);
--> statement-breakpoint
-- AUTO_REPLY answers a sender at most once a day (DESIGN.md 5): the insert is the claim.
CREATE TABLE auto_reply_log (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sender text NOT NULL CHECK (sender = lower(sender)),
  sent_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, sender, sent_on)
);
