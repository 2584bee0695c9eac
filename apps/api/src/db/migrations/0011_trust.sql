-- Trust: e-mail (an outbox that is also the send queue), password resets, TOTP second factor.

-- Every message is written here in the transaction of its cause, then sent by a background task that
-- claims due rows (FOR UPDATE SKIP LOCKED) and retries with backoff: an SMTP outage delays mail, never
-- loses it. Without SMTP configured a message stays here with status 'outbox' (the offline demo shows it).
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  to_address text NOT NULL,
  template text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'outbox')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'queued';
CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at);

-- A reset link's token is kept only as its sha-256: a copy of this table resets nobody's password.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
CREATE INDEX password_resets_expires_at_idx ON password_resets (expires_at);

-- One authenticator per user. enabled_at stays null until the user proves the app works with a code;
-- last_time_step is the 30-second step of the last accepted code, so a code is never accepted twice.
CREATE TABLE user_totp (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  enabled_at timestamptz,
  last_time_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Recovery codes, hashed (sha-256: each is 50 random bits, not a guessable password); each works once.
CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);
