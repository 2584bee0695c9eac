-- Live delivery: a pushed SMS finds its activation by the seller's id, and customers' screens follow
-- their activations and wallet through a short-lived log of events.

CREATE INDEX activations_upstream_idx ON activations (provider, upstream_id) WHERE upstream_id IS NOT NULL;

-- What a signed-in customer's open pages are told (an SMS arrived, an order was refunded, a top-up was
-- credited). Kept a short while only, so a stream that reconnects with Last-Event-ID gets what it missed.
CREATE TABLE customer_events (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('activation', 'wallet')),
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_events_user_idx ON customer_events (user_id, id);
CREATE INDEX customer_events_created_idx ON customer_events (created_at);
