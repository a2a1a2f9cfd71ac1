-- Issue 32: a body longer than the server keeps for reading and search (mail/derived-content.ts)
-- is stored clipped, and the message view says so and links to the original source.
ALTER TABLE messages ADD COLUMN body_clipped boolean NOT NULL DEFAULT false;
