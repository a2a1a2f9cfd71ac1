-- Attachments (issue 4): rows point at blobs stored once per content hash (src/storage/blob-store.ts).
-- A row belongs to one user; message_id is null while an upload waits for the message it will go with.
CREATE TABLE attachments (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Deleting a message for good takes its attachment rows with it; the blob goes once unreferenced.
  message_id integer REFERENCES messages (id) ON DELETE CASCADE,
  content_hash text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{64}$'),
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  original_filename text NOT NULL,
  -- The type found by looking at the content, not the one the client declared.
  content_type text NOT NULL,
  -- Content-ID without angle brackets, for cid: references of inline images.
  content_id text,
  is_inline boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX attachments_user_created_idx ON attachments (user_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX attachments_message_idx ON attachments (message_id);
--> statement-breakpoint
CREATE INDEX attachments_hash_idx ON attachments (content_hash);
--> statement-breakpoint
CREATE INDEX attachments_filename_trgm_idx ON attachments USING gin (original_filename gin_trgm_ops);
--> statement-breakpoint
-- Hashes whose rows were deleted, by any path (a message or a user deleted with ON DELETE CASCADE
-- included), waiting for the sweep that removes blobs no row references any more. seq changes on
-- every new release, so a sweep only clears the entry it actually looked at.
CREATE SEQUENCE attachment_blob_release_seq;
--> statement-breakpoint
CREATE TABLE attachment_blob_releases (
  content_hash text PRIMARY KEY,
  seq bigint NOT NULL DEFAULT nextval('attachment_blob_release_seq'),
  released_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE FUNCTION attachments_queue_blob_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO attachment_blob_releases (content_hash)
    SELECT DISTINCT content_hash FROM released_rows
    ON CONFLICT (content_hash) DO UPDATE
      SET seq = nextval('attachment_blob_release_seq'), released_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER attachments_queue_blob_release
  AFTER DELETE ON attachments
  REFERENCING OLD TABLE AS released_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachments_queue_blob_release();
