-- SMTP deliveries that failed are tried again a few times (a mail server restarting must not
-- lose an invitation or a reset link). `next_attempt_at` is NULL once sent, given up on, or
-- when no SMTP server is configured (the log line carries the mail then).
ALTER TABLE mail_outbox
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN last_error text,
  -- Kept so a retried contact-form mail still replies to the visitor.
  ADD COLUMN reply_to text;
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at)
  WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL;
