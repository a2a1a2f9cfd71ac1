-- The calendar invitation a message carries (issue 12), read once at delivery from its
-- text/calendar part with ical.js (src/mail/invitation.ts): what the message view's card shows.
ALTER TABLE messages ADD COLUMN invitation jsonb;
