-- A password an admin issued (on creating the account or resetting it) is temporary: until the user sets
-- one of their own, every route but the password change, /users/me and sign-out answers 403.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- What each upstream seller charges us for a product, in integer cents of the store's currencies: the base
-- of the bulk pricing rules (price = cost + markup, rounded to an ending, never under a floor).
CREATE TABLE product_costs (
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  provider text NOT NULL,
  currency char(3) NOT NULL CHECK (currency IN ('BRL', 'USD')),
  cost bigint NOT NULL CHECK (cost >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_id, provider, currency)
);
CREATE INDEX product_costs_provider_idx ON product_costs (provider);
