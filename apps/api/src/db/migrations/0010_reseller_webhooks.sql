-- Per-key settings of the reseller protocol, and the webhooks that tell a reseller an SMS arrived.

-- currency: the wallet the key spends from; NULL follows the owner's language (reais in Portuguese,
-- dollars otherwise), as keys did before the setting existed. webhook_secret signs the deliveries; it is
-- shown once to the owner and must be readable here to sign, like any HMAC key.
ALTER TABLE api_keys
  ADD COLUMN currency text CHECK (currency IN ('BRL', 'USD')),
  ADD COLUMN webhook_url text CHECK (char_length(webhook_url) <= 500),
  ADD COLUMN webhook_secret text;

-- Which key bought an activation through the protocol: that key's webhook hears of its SMS.
CREATE TABLE reseller_activations (
  activation_id uuid PRIMARY KEY REFERENCES activations (id) ON DELETE CASCADE,
  api_key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE
);

-- One row per SMS to announce (its id is the event id the receiver deduplicates on), written in the
-- same transaction as the SMS and claimed by the delivery task with FOR UPDATE SKIP LOCKED.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  api_key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  activation_id uuid NOT NULL REFERENCES activations (id) ON DELETE CASCADE,
  sms_attempt integer NOT NULL,
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_url text,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (activation_id, sms_attempt)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_key_idx ON webhook_deliveries (api_key_id, created_at DESC);
