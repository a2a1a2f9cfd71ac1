-- Sorting a big folder by subject, sender or size (GET /messages?sort=...): these let a page of 20
-- be read from an index (ties sorted incrementally) instead of sorting the whole folder.
-- The expressions are exactly those of src/modules/messages/repository.ts orderByFor().
CREATE INDEX messages_mailbox_subject_idx ON messages (mailbox_id, lower(subject));
--> statement-breakpoint
CREATE INDEX messages_mailbox_sender_idx ON messages (mailbox_id, lower(coalesce(nullif(from_name, ''), from_address)));
--> statement-breakpoint
CREATE INDEX messages_mailbox_size_idx ON messages (mailbox_id, size_bytes);
