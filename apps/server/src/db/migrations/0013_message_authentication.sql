-- Who really sent a message received over SMTP (issue 15): the SPF, DKIM, DMARC and ARC verdicts
-- and the warnings the message view shows, checked once on arrival (src/mail/trust/authenticate.ts).
ALTER TABLE messages ADD COLUMN authentication jsonb;
