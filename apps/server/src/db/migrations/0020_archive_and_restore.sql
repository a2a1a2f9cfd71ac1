-- Issue 34. Restore from Trash goes back where the mail came from: the folder it left for Trash.
-- A folder deleted since leaves it NULL, and the mail goes to its natural folder (Inbox, Sent or
-- Drafts) instead.
ALTER TABLE messages ADD COLUMN trashed_from_id integer REFERENCES mailboxes (id) ON DELETE SET NULL;
--> statement-breakpoint
-- Every user has an Archive folder from the start (it was made on first use until now): the
-- message page's Archive always has somewhere to go. A user with folders named "Archive" and
-- "Archive (2)" of their own keeps getting it on first use, as before.
INSERT INTO mailboxes (user_id, type, name)
SELECT u.id, 'ARCHIVE', free.name
FROM users u
CROSS JOIN LATERAL (
  SELECT candidate.name FROM (VALUES (1, 'Archive'), (2, 'Archive (2)')) AS candidate (rank, name)
  WHERE NOT EXISTS (
    SELECT 1 FROM mailboxes m
    WHERE m.user_id = u.id AND m.parent_id IS NULL AND lower(m.name) = lower(candidate.name)
  )
  ORDER BY candidate.rank LIMIT 1
) AS free
WHERE NOT EXISTS (SELECT 1 FROM mailboxes m WHERE m.user_id = u.id AND m.type = 'ARCHIVE');
