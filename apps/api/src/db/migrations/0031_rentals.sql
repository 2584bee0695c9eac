-- Rentals (issue 34): a number held for hours to weeks that receives every SMS. Paid up front from the
-- wallet into escrow; refunded in full when cancelled inside the refund window with no SMS, otherwise
-- captured (escrow → revenue) at the first SMS or when the window closes. Each extension is its own
-- charge, settled on its own.

CREATE TABLE rentals (
  id uuid PRIMARY KEY,
  -- The reseller protocol's numeric id (getRentNumber answers it, every rent action takes it).
  public_id bigserial NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id),
  product_id integer NOT NULL REFERENCES products (id),
  service_code text NOT NULL,
  country_code char(2) NOT NULL,
  operator text,
  currency text NOT NULL CHECK (currency IN ('BRL', 'USD')),
  hours integer NOT NULL CHECK (hours > 0),
  -- The first charge; extensions are in rental_extensions.
  price bigint NOT NULL CHECK (price > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (
    status IN ('pending', 'active', 'finished', 'cancelled', 'expired', 'failed')
  ),
  settled text CHECK (settled IN ('captured', 'refunded')),
  settled_at timestamptz,
  provider text,
  upstream_id text,
  phone_number text,
  idempotency_key text NOT NULL,
  -- The key a protocol rental was made with (its webhook hears of each SMS), and the rental's own url.
  api_key_id uuid REFERENCES api_keys (id) ON DELETE SET NULL,
  callback_url text CHECK (char_length(callback_url) <= 500),
  failure_code text,
  started_at timestamptz,
  ends_at timestamptz,
  ended_at timestamptz,
  next_check_at timestamptz,
  sms_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key),
  CHECK (status NOT IN ('cancelled', 'failed') OR settled = 'refunded'),
  CHECK (status NOT IN ('finished', 'expired') OR settled = 'captured'),
  CHECK (status <> 'pending' OR settled IS NULL),
  CHECK ((settled IS NULL) = (settled_at IS NULL)),
  CHECK (status IN ('pending', 'failed') OR (upstream_id IS NOT NULL AND ends_at IS NOT NULL))
);
CREATE INDEX rentals_user_created_idx ON rentals (user_id, created_at DESC, id DESC);
CREATE INDEX rentals_created_idx ON rentals (created_at DESC, id DESC);
CREATE INDEX rentals_poll_idx ON rentals (next_check_at) WHERE status = 'active';
CREATE INDEX rentals_ends_idx ON rentals (ends_at) WHERE status = 'active';
CREATE INDEX rentals_unsettled_idx ON rentals (started_at) WHERE status = 'active' AND settled IS NULL;
CREATE INDEX rentals_pending_idx ON rentals (created_at) WHERE status = 'pending';

-- One row per extension: charged into escrow, then applied (or refunded when the seller refuses).
CREATE TABLE rental_extensions (
  id uuid PRIMARY KEY,
  rental_id uuid NOT NULL REFERENCES rentals (id),
  idempotency_key text NOT NULL,
  hours integer NOT NULL CHECK (hours > 0),
  price bigint NOT NULL CHECK (price > 0),
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'refunded')),
  settled text CHECK (settled IN ('captured', 'refunded')),
  created_at timestamptz NOT NULL,
  UNIQUE (rental_id, idempotency_key),
  CHECK (status <> 'refunded' OR settled = 'refunded')
);

-- Every SMS a rented number received; the same SMS listed twice by the seller is stored once.
CREATE TABLE rental_messages (
  id bigserial PRIMARY KEY,
  rental_id uuid NOT NULL REFERENCES rentals (id),
  upstream_sms_id text NOT NULL,
  sender text NOT NULL,
  text text NOT NULL,
  code text,
  received_at timestamptz NOT NULL,
  UNIQUE (rental_id, upstream_sms_id)
);

-- Which products staff took out of (or put into) rental; a product without a row is rentable when on sale.
CREATE TABLE rental_products (
  product_id integer PRIMARY KEY REFERENCES products (id),
  rentable boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The rental rules staff set: one row. Price = activation price × factor_percent[hours] / 100.
CREATE TABLE rental_settings (
  id smallint PRIMARY KEY CHECK (id = 1),
  cancel_window_minutes integer NOT NULL CHECK (cancel_window_minutes BETWEEN 0 AND 120),
  factor_percent jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

-- A POST per SMS: to the renting key's signed webhook and to the rental's own url. Claimed with
-- FOR UPDATE SKIP LOCKED by the delivery task, as webhook_deliveries are.
CREATE TABLE rental_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id bigint NOT NULL REFERENCES rental_messages (id),
  target text NOT NULL CHECK (target IN ('key', 'url')),
  api_key_id uuid REFERENCES api_keys (id) ON DELETE CASCADE,
  url text,
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL,
  UNIQUE (message_id, target)
);
CREATE INDEX rental_deliveries_due_idx ON rental_deliveries (next_attempt_at) WHERE status = 'pending';

-- At most one capture or refund per rental and per extension, whatever the code path.
CREATE UNIQUE INDEX ledger_transfers_rental_settled_once ON ledger_transfers (reference)
  WHERE kind IN ('capture', 'refund') AND (reference LIKE 'rental:%' OR reference LIKE 'rental-extension:%');

-- Open pages follow rentals as they follow activations.
ALTER TABLE customer_events DROP CONSTRAINT customer_events_type_check;
ALTER TABLE customer_events ADD CONSTRAINT customer_events_type_check
  CHECK (type IN ('activation', 'wallet', 'rental'));
