-- Accounts: server-side sessions, OpenID Connect sign-in, and rate-limit counters.

-- Only the sha-256 of the cookie's token is kept: a copy of this table signs nobody in.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- One row per OIDC sign-in in progress, deleted when the callback redeems it (so a replay finds nothing).
-- The state, the nonce and the browser-binding value are stored hashed; the PKCE verifier has to be sent
-- to the token endpoint as is, so it is kept for the ten minutes the row lives.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  binding_hash text NOT NULL,
  nonce_hash text NOT NULL,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);

CREATE TABLE oauth_identities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, subject)
);
CREATE INDEX oauth_identities_user_id_idx ON oauth_identities (user_id);

-- Fixed-window counters shared by every API process (sign-in failures, registrations, ...).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start timestamptz NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
