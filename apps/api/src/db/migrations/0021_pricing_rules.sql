-- Pricing rules staff keep: the fields of a previewed rule (markup over the upstream cost, scope by
-- provider, service or country, a price ending, a floor), run in position order by "apply saved rules"
-- (a later rule wins on the products two rules reach), and after each cost sync when auto_apply is on.
CREATE TABLE pricing_rules (
  id serial PRIMARY KEY,
  position integer NOT NULL CHECK (position >= 0),
  currency char(3) NOT NULL CHECK (currency IN ('BRL', 'USD')),
  markup_percent numeric(7, 2) NOT NULL CHECK (markup_percent >= 0),
  provider text,
  service text,
  country char(2),
  ending smallint CHECK (ending BETWEEN 0 AND 99),
  floor bigint CHECK (floor >= 0),
  auto_apply boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pricing_rules_position_idx ON pricing_rules (position, id);
