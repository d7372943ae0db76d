-- Failed sign-ins per account address (known or not, so the table reveals nothing), shared by
-- every API process: after a few failures each further attempt on the address must wait longer,
-- whichever client address it comes from (distributed guessing). A success deletes the row.
CREATE TABLE login_failures (
  email text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL
);
CREATE INDEX login_failures_last_idx ON login_failures (last_failure_at);
