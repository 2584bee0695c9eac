-- Each seller a purchase asked for a number, written (under the activation's lock, while it is still
-- pending) before the request is sent. When a crash interrupts the purchase, the sweeper refunds it and
-- sets release_at on these rows: whatever those sellers may have sold under our order id is then given
-- back, so the store stops paying for a number nobody uses.
CREATE TABLE activation_upstream_requests (
  activation_id uuid NOT NULL REFERENCES activations (id),
  provider text NOT NULL,
  asked_at timestamptz NOT NULL,
  -- When to try (again) to give the number back; null when there is nothing (more) to do.
  release_at timestamptz,
  release_tries integer NOT NULL DEFAULT 0 CHECK (release_tries >= 0),
  -- The seller's activation found under our order id, kept so that a refused cancel is retried on it.
  upstream_id text,
  -- How the release ended: cancelled upstream, nothing held there, or left to staff (logged).
  released text CHECK (released IN ('cancelled', 'none', 'staff')),
  released_at timestamptz,
  PRIMARY KEY (activation_id, provider),
  CHECK ((released IS NULL) = (released_at IS NULL)),
  CHECK (released IS NULL OR release_at IS NULL)
);
CREATE INDEX activation_upstream_requests_release_idx ON activation_upstream_requests (release_at)
  WHERE release_at IS NOT NULL;
