-- Issue 36. The signed-in person's own settings, one row per user, written at the first change
-- (GET /settings answers the defaults until then). Issue 37 adds its settings to this table.
-- undo_send_seconds: how long a sent mail waits so Undo can take it back; NULL until the person
-- chooses, which means the server's default (UNDO_SEND_DEFAULT_SECONDS, 10 s).
CREATE TABLE IF NOT EXISTS user_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  undo_send_seconds integer CHECK (undo_send_seconds IN (5, 10, 20, 30)),
  conversation_view boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
