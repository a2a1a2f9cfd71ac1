-- search_grams (0012) again, the same grams, at less cost per delivery (issue 13):
-- - In PL/pgSQL, whose statements keep their plan for the connection's life. As a SQL function
--   that cannot be inlined (it aggregates), PostgreSQL before 18 planned its query again in every
--   transaction that called it: four plans per delivered message when nothing is batched.
-- - Each character paired with the next by a two-array unnest, not by lead() over a window, which
--   sorted the characters again.
-- Both measured in docs/BENCHMARKS.md ("the search vector's cost"); the vectors are identical.
CREATE OR REPLACE FUNCTION search_grams(body text, prefix text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
    SELECT coalesce(array_agg(prefix || c || after) FILTER (WHERE after <> ' '), '{}')
      || coalesce(array_agg(prefix || c) FILTER (WHERE ascii(c) > 127), '{}')
    FROM (SELECT string_to_array(
        regexp_replace(lower(body), '[\s\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]+', ' ', 'g'),
        NULL) AS chars) AS text_chars,
      unnest(text_chars.chars, text_chars.chars[2:]) AS pairs (c, after)
    WHERE c <> ' ');
END
$$;
