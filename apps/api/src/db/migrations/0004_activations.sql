-- Activations (the store's orders): a number bought upstream for one service in one country, paid from
-- the wallet into escrow, then captured when its SMS arrives or refunded when it does not.

CREATE TABLE activations (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  product_id integer NOT NULL REFERENCES products (id),
  service_code text NOT NULL,
  country_code char(2) NOT NULL,
  currency text NOT NULL CHECK (currency IN ('BRL', 'USD')),
  price bigint NOT NULL CHECK (price > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (
    status IN ('pending', 'waiting_sms', 'code_received', 'finished', 'cancelled', 'expired', 'failed')
  ),
  provider text,
  upstream_id text,
  phone_number text,
  code text,
  sms_text text,
  resend_count integer NOT NULL DEFAULT 0 CHECK (resend_count >= 0),
  idempotency_key text NOT NULL,
  -- Why a purchase failed upstream (NO_NUMBERS, ...): a retry with the same key gets the same answer.
  failure_code text,
  assigned_at timestamptz,
  expires_at timestamptz,
  -- When the poller next asks upstream for an SMS; null when nothing is awaited.
  next_check_at timestamptz,
  settled text CHECK (settled IN ('captured', 'refunded')),
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  -- A delivered code means the price was captured; an ended activation without one means it was refunded.
  -- settled is one column, so an activation can never be both captured and refunded.
  CHECK (status NOT IN ('code_received', 'finished') OR settled = 'captured'),
  CHECK (status NOT IN ('cancelled', 'expired', 'failed') OR settled = 'refunded'),
  CHECK (status NOT IN ('pending', 'waiting_sms') OR settled IS NULL),
  CHECK ((settled IS NULL) = (settled_at IS NULL)),
  CHECK (status IN ('pending', 'failed') OR (upstream_id IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX activations_user_created_idx ON activations (user_id, created_at DESC, id DESC);
CREATE INDEX activations_poll_idx ON activations (next_check_at)
  WHERE next_check_at IS NOT NULL AND status IN ('waiting_sms', 'code_received');
CREATE INDEX activations_expiry_idx ON activations (expires_at) WHERE status IN ('waiting_sms', 'code_received');
CREATE INDEX activations_pending_idx ON activations (created_at) WHERE status = 'pending';

-- Belt and braces for "capture or refund, at most once": whatever the code path, the ledger refuses a
-- second settlement transfer for one activation (its reference is 'activation:<id>').
CREATE UNIQUE INDEX ledger_transfers_activation_settled_once ON ledger_transfers (reference)
  WHERE kind IN ('capture', 'refund') AND reference LIKE 'activation:%';

-- Every SMS upstream gave us for an activation; one arriving after the refund is kept but not delivered.
CREATE TABLE sms_messages (
  id bigserial PRIMARY KEY,
  activation_id uuid NOT NULL REFERENCES activations (id),
  -- 0 for the first SMS, n for the one asked for by the n-th resend.
  attempt integer NOT NULL CHECK (attempt >= 0),
  text text NOT NULL,
  code text NOT NULL,
  received_at timestamptz NOT NULL,
  delivered boolean NOT NULL,
  UNIQUE (activation_id, attempt)
);
