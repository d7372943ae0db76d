-- Accounts, sessions and the one-time tokens that e-mailed links carry.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  full_name text NOT NULL DEFAULT '',
  password_hash text,
  avatar_path text,
  plan text NOT NULL DEFAULT 'silver',
  email_notifications boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- A signed-in browser. Access and refresh tokens name their session; revoking the row ends both.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  refresh_jti text NOT NULL,
  -- The id just replaced: two tabs refreshing with the same cookie at once are not a theft.
  previous_refresh_jti text,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Single-use tokens for sign-up invitations and password resets; only the SHA-256 is stored.
CREATE TABLE one_time_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('signup', 'reset')),
  email text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_tokens_email_idx ON one_time_tokens (lower(email));
CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id);

-- Mail that could not be (or is not configured to be) sent over SMTP.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_messages (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  contact_number text NOT NULL,
  email_address text NOT NULL,
  location text NOT NULL DEFAULT '',
  company_name text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
