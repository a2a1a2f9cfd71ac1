-- The original source of a message (issue 12, "show original"): the bytes as they arrived (with
-- this server's Return-Path and Received lines on top) or as they left, kept as a blob of the
-- attachment store, so the copies of one mail for several recipients share one file.
CREATE TABLE message_sources (
  message_id integer PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  content_hash text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{64}$'),
  size_bytes integer NOT NULL CHECK (size_bytes >= 0)
);
--> statement-breakpoint
CREATE INDEX message_sources_hash_idx ON message_sources (content_hash);
--> statement-breakpoint
-- A source goes the way of its message; its blob is swept once nothing refers to the hash.
CREATE TRIGGER message_sources_queue_blob_release
  AFTER DELETE ON message_sources
  REFERENCING OLD TABLE AS released_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachments_queue_blob_release();
