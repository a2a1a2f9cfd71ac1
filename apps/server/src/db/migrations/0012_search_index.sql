-- Search by character n-grams (issue 14; docs/ARCHITECTURE.md "Search"). A message's searchable
-- text (subject, sender, recipients, body) becomes a set of lexemes in a tsvector with a GIN index:
-- every pair of neighbouring word characters (bigram), lowercased, and every single non-ASCII
-- character (so a one-syllable Korean word has an index entry too). Whitespace and ASCII
-- punctuation separate words. Subject, sender and recipients are indexed once more under a
-- prefix (s|, f|, t|) for subject:, from: and to:/cc:/bcc:. A query word becomes the AND of its
-- grams; the candidates are re-checked with ILIKE, which is the exact answer.
-- Only core PostgreSQL (tsvector, GIN, SQL functions): the same on PGlite and PostgreSQL.

-- The grams of one text, each behind `prefix`, repeats included (array_to_tsvector drops them).
-- Linear in the text: one row per character, paired with the next by lead().
CREATE FUNCTION search_grams(body text, prefix text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(prefix || pair) FILTER (WHERE pair NOT LIKE '_ '), '{}')
    || coalesce(array_agg(prefix || c) FILTER (WHERE ascii(c) > 127), '{}')
  FROM (
    SELECT c, c || lead(c) OVER (ORDER BY n) AS pair
    FROM string_to_table(
      regexp_replace(lower(body), '[\s\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]+', ' ', 'g'),
      NULL) WITH ORDINALITY AS t (c, n)
  ) AS chars
  WHERE c <> ' '
$$;
--> statement-breakpoint
-- Bodies past this many characters are indexed up to it and marked '!long' (a lexeme no text
-- makes: '!' separates words), and every query also takes the marked ones as candidates: a
-- tsvector must stay under 1 MB, and the ILIKE re-check still reads the whole body.
CREATE FUNCTION message_search_vector(subject text, from_address text, from_name text, to_text text, body_text text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(
    search_grams(concat_ws(' ', subject, from_address, from_name, to_text, left(body_text, 100000)), '')
    || search_grams(subject, 's|')
    || search_grams(concat_ws(' ', from_address, from_name), 'f|')
    || search_grams(to_text, 't|')
    || CASE WHEN length(body_text) > 100000 THEN ARRAY['!long'] ELSE '{}'::text[] END)
$$;
--> statement-breakpoint
-- What a query word must contain: its bigrams, or its one non-ASCII character; NULL when it has
-- neither (punctuation, one ASCII letter), and then the index cannot narrow it down.
CREATE FUNCTION search_word_query(word text, prefix text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(string_agg(DISTINCT quote_literal(g), ' & '), '')::tsquery
  FROM regexp_split_to_table(
    regexp_replace(lower(word), '[\s\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]+', ' ', 'g'),
    ' ') AS token,
  LATERAL (
    SELECT prefix || substr(token, i, 2) AS g FROM generate_series(1, length(token) - 1) AS i
    UNION ALL
    SELECT prefix || token WHERE length(token) = 1 AND ascii(token) > 127
  ) AS grams
$$;
--> statement-breakpoint
-- NULL until filled: new and changed mail by the trigger, existing mail by the batches of
-- src/modules/messages/search-backfill.ts after start (a one-statement fill would hold the
-- migration, and with it the server's start, for minutes on a big mailbox).
ALTER TABLE messages ADD COLUMN search_vector tsvector;
--> statement-breakpoint
CREATE FUNCTION messages_search_vector_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := message_search_vector(NEW.subject, NEW.from_address, NEW.from_name, NEW.to_text, NEW.body_text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_search_vector_fill
  BEFORE INSERT OR UPDATE OF subject, from_address, from_name, to_text, body_text ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_search_vector_fill();
--> statement-breakpoint
CREATE INDEX messages_search_vector_idx ON messages USING gin (search_vector);
--> statement-breakpoint
-- Mail still waiting for its vector: the backfill's work list, and the search's "not ready" check.
CREATE INDEX messages_search_pending_idx ON messages (user_id, id) WHERE search_vector IS NULL;
