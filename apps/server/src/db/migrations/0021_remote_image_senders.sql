-- Issue 34. Senders whose mail shows its remote images without asking, per user: the message
-- page's "always show images from this sender". Addresses are kept in lower case.
CREATE TABLE IF NOT EXISTS remote_image_senders (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);
