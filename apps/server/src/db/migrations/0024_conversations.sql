-- Conversations (issue 36): every message of a user belongs to one conversation, its thread_id,
-- chosen as RFC 5256 REFERENCES does: the thread of a message it answers (In-Reply-To, References)
-- that the user has; for mail without either, the thread of earlier mail with the same base subject
-- (Re:/Fwd:/회신:/전달: taken off) and the same participants; else a thread of its own. A parent
-- that arrives after its reply takes the reply's thread in (the merge). The database does it in
-- the rows' triggers, so every way of storing mail (delivery, sent copies, drafts, filter
-- forwards, the welcome mail) threads alike, with index lookups only and no round trip.
-- conversation_heads holds the newest message of each conversation in each folder: the list reads
-- it in date order and joins the messages. A narrow table of its own: a flag on messages moved from
-- row to row rewrote the previous row in every index of messages at each reply.

-- The subject without reply and forward prefixes, lower case; '' when nothing is left.
CREATE FUNCTION conversation_base_subject(subject text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT lower(btrim(regexp_replace(
    coalesce(subject, ''),
    '^(\s*((re|fwd?|fw|aw|wg|sv|vs|tr|회신|전달|답장)\s*(\[\d+\]|\(\d+\))?\s*[:：]|\[fwd?\]))+',
    '', 'i')))
$$;
--> statement-breakpoint
-- The message's participants: its sender and recipients (To, Cc), lower case, sorted, once each.
CREATE FUNCTION conversation_participants(from_address text, to_addresses jsonb, cc_addresses jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT coalesce(string_agg(a, ' ' ORDER BY a COLLATE "C"), '') FROM (
    SELECT DISTINCT lower(btrim(x)) AS a FROM (
      SELECT from_address AS x
      UNION ALL SELECT e ->> 'address' FROM jsonb_array_elements(coalesce(to_addresses, '[]'::jsonb)) e
      UNION ALL SELECT e ->> 'address' FROM jsonb_array_elements(coalesce(cc_addresses, '[]'::jsonb)) e
    ) s WHERE coalesce(btrim(x), '') <> ''
  ) d
$$;
--> statement-breakpoint
-- What the subject fallback compares: base subject and participants (null for an empty subject,
-- which never threads by subject). New rows get it from mail/format/conversation-key.ts (the same
-- key, made in Node: as an index expression it cost 0.15 ms of the database per stored row); these
-- functions make it once for the mail stored before.
CREATE FUNCTION conversation_subject_key(subject text, from_address text, to_addresses jsonb, cc_addresses jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT CASE WHEN conversation_base_subject(subject) = '' THEN NULL
    ELSE md5(conversation_base_subject(subject) || E'\n' || conversation_participants(from_address, to_addresses, cc_addresses))
  END
$$;
--> statement-breakpoint
-- Existing mail: a thread for every row, then the merges the old delivery could not make (a parent
-- stored after its reply; mail without references sharing subject and participants), as a union of
-- threads until nothing changes: each pair of threads that belong together goes to the smaller name.
ALTER TABLE messages ADD COLUMN conversation_key text;
--> statement-breakpoint
UPDATE messages SET thread_id = coalesce(thread_id, message_id_header, '<local.' || id || '@postline>'),
  conversation_key = conversation_subject_key(subject, from_address, to_addresses, cc_addresses);
--> statement-breakpoint
-- Mail without references finds the earlier mail of its subject and participants by this.
CREATE INDEX messages_conversation_key_idx ON messages (user_id, conversation_key)
WHERE conversation_key IS NOT NULL;
--> statement-breakpoint
DO $$
DECLARE
  changed integer;
  rounds integer := 0;
BEGIN
  LOOP
    WITH linked AS (
      SELECT c.user_id, c.thread_id AS a, p.thread_id AS b
      FROM messages c JOIN messages p ON p.user_id = c.user_id AND p.message_id_header = c.in_reply_to
      WHERE c.in_reply_to IS NOT NULL AND p.thread_id <> c.thread_id
      UNION
      SELECT c.user_id, c.thread_id, p.thread_id
      FROM messages c
      CROSS JOIN LATERAL unnest(string_to_array(c.references_header, ' ')) AS r (ref)
      JOIN messages p ON p.user_id = c.user_id AND p.message_id_header = r.ref
      WHERE c.references_header IS NOT NULL AND p.thread_id <> c.thread_id
      UNION
      SELECT c.user_id, c.thread_id, first.thread_id
      FROM messages c
      JOIN LATERAL (
        SELECT e.thread_id FROM messages e
        WHERE e.user_id = c.user_id AND e.conversation_key = c.conversation_key
        ORDER BY e.id LIMIT 1
      ) first ON true
      WHERE c.in_reply_to IS NULL AND c.references_header IS NULL AND first.thread_id <> c.thread_id
        AND c.conversation_key IS NOT NULL
    ),
    pairs AS (
      SELECT DISTINCT ON (user_id, greatest(a, b)) user_id, greatest(a, b) AS old, least(a, b) AS new
      FROM linked ORDER BY user_id, greatest(a, b), least(a, b)
    )
    UPDATE messages m SET thread_id = pairs.new
    FROM pairs WHERE m.user_id = pairs.user_id AND m.thread_id = pairs.old;
    GET DIAGNOSTICS changed = ROW_COUNT;
    rounds := rounds + 1;
    EXIT WHEN changed = 0 OR rounds >= 50;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TABLE conversation_heads (
  user_id integer NOT NULL,
  mailbox_id integer NOT NULL,
  thread_id text NOT NULL,
  message_id integer NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (mailbox_id, thread_id)
);
--> statement-breakpoint
INSERT INTO conversation_heads (user_id, mailbox_id, thread_id, message_id, received_at)
SELECT DISTINCT ON (mailbox_id, thread_id) user_id, mailbox_id, thread_id, id, received_at
FROM messages ORDER BY mailbox_id, thread_id, received_at DESC, id DESC
ON CONFLICT (mailbox_id, thread_id) DO NOTHING;
--> statement-breakpoint
-- A folder's conversations, newest first: the list's order and its cursor.
CREATE INDEX conversation_heads_list_idx ON conversation_heads (mailbox_id, received_at DESC, message_id DESC);
--> statement-breakpoint
DROP INDEX messages_thread_idx;
--> statement-breakpoint
-- A conversation's messages in a folder, newest first: whether a message is the newest there (the
-- list's rows), and the list's counts.
CREATE INDEX messages_conversation_idx ON messages (user_id, thread_id, mailbox_id, received_at DESC, id DESC);
--> statement-breakpoint
-- The replies waiting for a parent that arrives after them.
CREATE INDEX messages_in_reply_to_idx ON messages (user_id, in_reply_to) WHERE in_reply_to IS NOT NULL;
--> statement-breakpoint
-- The newest message of a conversation in a folder, written to conversation_heads (or taken out).
CREATE FUNCTION conversation_set_head(p_user integer, p_mailbox integer, p_thread text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  head_id integer;
  head_at timestamptz;
BEGIN
  SELECT id, received_at INTO head_id, head_at FROM messages
  WHERE user_id = p_user AND thread_id = p_thread AND mailbox_id = p_mailbox
  ORDER BY received_at DESC, id DESC LIMIT 1;
  IF head_id IS NULL THEN
    DELETE FROM conversation_heads WHERE mailbox_id = p_mailbox AND thread_id = p_thread;
  ELSE
    INSERT INTO conversation_heads (user_id, mailbox_id, thread_id, message_id, received_at)
    VALUES (p_user, p_mailbox, p_thread, head_id, head_at)
    ON CONFLICT (mailbox_id, thread_id) DO UPDATE
      SET message_id = EXCLUDED.message_id, received_at = EXCLUDED.received_at
      WHERE (conversation_heads.message_id, conversation_heads.received_at)
        IS DISTINCT FROM (EXCLUDED.message_id, EXCLUDED.received_at);
  END IF;
END
$$;
--> statement-breakpoint
-- Before a row is written: its conversation, unless its writer named one. Rows written earlier by
-- the same statement are seen.
CREATE FUNCTION messages_conversation_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parents text[];
BEGIN
  IF NEW.thread_id IS NULL THEN
    parents := array_remove(
      coalesce(string_to_array(NEW.references_header, ' '), '{}') || NEW.in_reply_to, NULL);
    IF cardinality(parents) > 0 THEN
      SELECT thread_id INTO NEW.thread_id FROM messages
      WHERE user_id = NEW.user_id AND message_id_header = ANY (parents)
      ORDER BY id LIMIT 1;
    ELSIF NEW.conversation_key IS NOT NULL THEN
      SELECT thread_id INTO NEW.thread_id FROM messages
      WHERE user_id = NEW.user_id AND conversation_key = NEW.conversation_key
      ORDER BY id LIMIT 1;
    END IF;
    IF NEW.thread_id IS NULL THEN
      NEW.thread_id := coalesce(NEW.message_id_header, '<local.' || NEW.id || '@postline>');
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_conversation_before_insert
  BEFORE INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_conversation_before_insert();
--> statement-breakpoint
-- After a row is written: replies stored before it join its conversation, and it is the
-- conversation's row in its folder if it is the newest there.
CREATE FUNCTION messages_conversation_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orphans text[];
BEGIN
  IF NEW.message_id_header IS NOT NULL THEN
    SELECT array_agg(DISTINCT thread_id) INTO orphans FROM messages
    WHERE user_id = NEW.user_id AND in_reply_to = NEW.message_id_header AND thread_id <> NEW.thread_id;
    IF orphans IS NOT NULL THEN
      UPDATE messages SET thread_id = NEW.thread_id
      WHERE user_id = NEW.user_id AND thread_id = ANY (orphans);
    END IF;
  END IF;
  INSERT INTO conversation_heads (user_id, mailbox_id, thread_id, message_id, received_at)
  VALUES (NEW.user_id, NEW.mailbox_id, NEW.thread_id, NEW.id, NEW.received_at)
  ON CONFLICT (mailbox_id, thread_id) DO UPDATE
    SET message_id = EXCLUDED.message_id, received_at = EXCLUDED.received_at
    WHERE (EXCLUDED.received_at, EXCLUDED.message_id)
      > (conversation_heads.received_at, conversation_heads.message_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_conversation_after_insert
  AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_conversation_after_insert();
--> statement-breakpoint
-- A message moved, merged or re-dated: the rows of where it was and where it is.
CREATE FUNCTION messages_conversation_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_set_head(OLD.user_id, OLD.mailbox_id, OLD.thread_id);
  PERFORM conversation_set_head(NEW.user_id, NEW.mailbox_id, NEW.thread_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_conversation_after_update
  AFTER UPDATE OF mailbox_id, thread_id, received_at ON messages
  FOR EACH ROW
  WHEN (OLD.mailbox_id IS DISTINCT FROM NEW.mailbox_id OR OLD.thread_id IS DISTINCT FROM NEW.thread_id
    OR OLD.received_at IS DISTINCT FROM NEW.received_at)
  EXECUTE FUNCTION messages_conversation_after_update();
--> statement-breakpoint
-- A message deleted that was its conversation's row: the next newest takes its place.
CREATE FUNCTION messages_conversation_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM conversation_heads
      WHERE mailbox_id = OLD.mailbox_id AND thread_id = OLD.thread_id AND message_id = OLD.id) THEN
    PERFORM conversation_set_head(OLD.user_id, OLD.mailbox_id, OLD.thread_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_conversation_after_delete
  AFTER DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_conversation_after_delete();
