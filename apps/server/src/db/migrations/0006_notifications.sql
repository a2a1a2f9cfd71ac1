-- Notifications and each user's notification settings (issue 7).
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('NEW_MESSAGE', 'MESSAGE_STATUS_UPDATE', 'MAILBOX_UPDATE', 'FILTER_EXECUTED',
    'SYSTEM_ALERT', 'SYSTEM', 'WARNING', 'ERROR')),
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  is_read boolean NOT NULL DEFAULT false,
  -- Set exactly when is_read is, so "read at" never contradicts "unread".
  read_at timestamptz,
  reference_type text CHECK (reference_type IN ('MESSAGE', 'FILTER', 'MAILBOX', 'SYSTEM')),
  -- No foreign key: a notification outlives the message or filter it points at.
  reference_id integer,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (is_read = (read_at IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX notifications_user_unread_idx ON notifications (user_id, created_at DESC) WHERE NOT is_read;
--> statement-breakpoint
-- No row means the defaults of SPEC §3; PUT writes the whole merged set.
CREATE TABLE notification_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  new_message boolean NOT NULL DEFAULT true,
  message_status boolean NOT NULL DEFAULT true,
  filter_execution boolean NOT NULL DEFAULT true,
  system_alerts boolean NOT NULL DEFAULT true,
  desktop boolean NOT NULL DEFAULT true,
  sound boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
