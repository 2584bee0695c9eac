-- Top-ups: one row per payment intent or checkout session, the webhook events received, and the
-- offline sandbox provider's own charges (kept in PostgreSQL because API processes are stateless).

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  provider text NOT NULL CHECK (provider IN ('sandbox', 'mercadopago', 'stripe')),
  -- Null only between our insert and the provider's answer (the row exists before the provider call).
  provider_ref text,
  kind text NOT NULL CHECK (kind IN ('charge', 'checkout')),
  method text NOT NULL CHECK (method IN ('pix', 'card', 'boleto')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('BRL', 'USD')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'cancelled')),
  pix_copy_paste text,
  pix_qr text,
  boleto_line text,
  boleto_url text,
  checkout_url text,
  client_secret text,
  failure_reason text,
  expires_at timestamptz,
  credited_at timestamptz,
  -- When the provider was last asked about this payment (polling and the sweeper), to ask sparingly.
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payments_provider_ref_key UNIQUE (provider, provider_ref),
  -- Paid means credited: the status and the ledger transfer change in one transaction.
  CONSTRAINT payments_paid_credited CHECK ((status = 'paid') = (credited_at IS NOT NULL)),
  CHECK (method = 'card' OR currency = 'BRL')
);
CREATE INDEX payments_user_idx ON payments (user_id, created_at);
CREATE INDEX payments_pending_idx ON payments (checked_at) WHERE status = 'pending';

CREATE TABLE webhook_events (
  id bigserial PRIMARY KEY,
  provider text NOT NULL,
  event_id text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  CONSTRAINT webhook_events_provider_event_key UNIQUE (provider, event_id)
);

-- No card number or CVC is ever stored.
CREATE TABLE sandbox_charges (
  provider_ref text PRIMARY KEY,
  payment_id text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('charge', 'checkout')),
  method text NOT NULL CHECK (method IN ('pix', 'card', 'boleto')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('BRL', 'USD')),
  description text NOT NULL,
  payer_email text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'cancelled')),
  failure_reason text,
  pix_copy_paste text,
  boleto_line text,
  client_secret text,
  success_url text,
  cancel_url text,
  expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
