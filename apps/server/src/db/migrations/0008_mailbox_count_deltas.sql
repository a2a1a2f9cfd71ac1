-- Folder counts without a hot row (issue 13): every change of a folder's total or unread count is
-- a row here, added in the transaction that made the change; readers add the pending rows to the
-- folder's own figures, and a fold (every few seconds, any node) moves them into the folder row.
-- Deliveries into one busy inbox then insert side by side instead of queueing on its row lock.
CREATE TABLE mailbox_count_deltas (
  id bigserial PRIMARY KEY,
  mailbox_id integer NOT NULL,
  total integer NOT NULL,
  unread integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX mailbox_count_deltas_mailbox_idx ON mailbox_count_deltas (mailbox_id);
