-- A small original source is kept in its row instead of a blob of the attachment store (issue 13):
-- writing a file and syncing it and its folder cost about a millisecond of CPU per delivered
-- message, and its two fsyncs happened inside the delivery's transaction; the row's bytes are made
-- durable by the commit's WAL flush that happens anyway. Large sources stay blobs. Exactly one of
-- the two is set; rows written before keep their blobs.
ALTER TABLE message_sources ALTER COLUMN content_hash DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE message_sources ADD COLUMN content bytea;
--> statement-breakpoint
ALTER TABLE message_sources ADD CONSTRAINT message_sources_kept_once
  CHECK ((content_hash IS NULL) <> (content IS NULL));
--> statement-breakpoint
-- A deleted row with its source inline has no blob to release.
CREATE OR REPLACE FUNCTION attachments_queue_blob_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO attachment_blob_releases (content_hash)
    SELECT DISTINCT content_hash FROM released_rows WHERE content_hash IS NOT NULL
    ON CONFLICT (content_hash) DO UPDATE
      SET seq = nextval('attachment_blob_release_seq'), released_at = now();
  RETURN NULL;
END
$$;
