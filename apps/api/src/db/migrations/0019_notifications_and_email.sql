-- Notifications by e-mail: which ones each user wants, and the browsers they signed in from.

-- One row per user who changed a choice; a user without a row gets every notification (the defaults).
CREATE TABLE notification_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  topup_credited boolean NOT NULL DEFAULT true,
  activation_refunded boolean NOT NULL DEFAULT true,
  password_changed boolean NOT NULL DEFAULT true,
  new_sign_in boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The browsers a user signed in from, each known by a long-lived random cookie kept only as its sha-256:
-- a sign-in from a browser not in this list is a new device, and the user is told.
CREATE TABLE known_devices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  user_agent text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
CREATE INDEX known_devices_last_seen_at_idx ON known_devices (last_seen_at);

-- E-mail verification and e-mail change. An address counts as verified unless the account was opened by
-- self-registration while verification is required (then it is null until the link is opened): accounts
-- from before this migration, made by staff or through an identity provider stay verified.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz DEFAULT now();
UPDATE users SET email_verified_at = created_at;

-- A link e-mailed to confirm an address: 'verify' the account's own, or 'change' it to new_email. Kept
-- only as the sha-256 of its token, used once.
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'change')),
  new_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK ((purpose = 'change') = (new_email IS NOT NULL))
);
CREATE INDEX email_tokens_user_id_idx ON email_tokens (user_id);
CREATE INDEX email_tokens_expires_at_idx ON email_tokens (expires_at);
