-- The search grams are made in Node from now on (src/mail/search-vector.ts, issue 13): every way of
-- storing mail writes search_vector with the row, where 0012's trigger made it in SQL, one row per
-- character (about 1 ms of the database's time per message). Node folds case and accents more
-- coarsely than lower() did, so every vector is made again: the column is dropped with its indexes
-- and added empty (both instant), its indexes built over the empty column, and the batches of
-- src/modules/messages/search-backfill.ts fill it after start. Meanwhile a user's searches run
-- without the index, complete (as after 0012).
DROP TRIGGER messages_search_vector_fill ON messages;
--> statement-breakpoint
DROP FUNCTION messages_search_vector_fill();
--> statement-breakpoint
DROP FUNCTION message_search_vector(text, text, text, text, text);
--> statement-breakpoint
DROP FUNCTION search_word_query(text, text);
--> statement-breakpoint
DROP FUNCTION search_grams(text, text);
--> statement-breakpoint
ALTER TABLE messages DROP COLUMN search_vector;
--> statement-breakpoint
-- search_inexact: a candidate the grams found may lack the word (its body indexed in part, or its
-- text folded coarser than ASCII lowercasing), so search checks it with ILIKE (search-sql.ts).
ALTER TABLE messages ADD COLUMN search_vector tsvector, ADD COLUMN search_inexact boolean;
--> statement-breakpoint
CREATE INDEX messages_search_vector_idx ON messages USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX messages_search_pending_idx ON messages (user_id, id) WHERE search_vector IS NULL;
--> statement-breakpoint
-- A guard, not a maker: a statement that changes a message's text without writing its vector
-- leaves no stale vector behind. It empties it, so that search skips the index for that user until
-- the backfill has made it again.
CREATE FUNCTION messages_search_vector_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.search_vector IS NOT DISTINCT FROM OLD.search_vector
    AND (NEW.subject, NEW.from_address, NEW.from_name, NEW.to_text, NEW.body_text)
      IS DISTINCT FROM (OLD.subject, OLD.from_address, OLD.from_name, OLD.to_text, OLD.body_text) THEN
    NEW.search_vector := NULL;
    NEW.search_inexact := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_search_vector_stale
  BEFORE UPDATE OF subject, from_address, from_name, to_text, body_text ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_search_vector_stale();
