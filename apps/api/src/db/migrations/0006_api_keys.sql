-- API keys for the reseller protocol (/stubs/handler_api.php).

-- Only the sha-256 of a key is kept: a copy of this table buys nothing. The prefix (the key's first 8
-- characters) lets the owner tell their keys apart. A revoked key keeps its row for the audit trail.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  prefix text NOT NULL CHECK (char_length(prefix) = 8),
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
-- The owner's live keys: listed on the profile and counted against the limit at each creation.
CREATE INDEX api_keys_user_active_idx ON api_keys (user_id, created_at) WHERE revoked_at IS NULL;
