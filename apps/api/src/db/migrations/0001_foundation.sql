-- Foundation: users, the catalogue, settings and the audit log.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text,
  role text NOT NULL DEFAULT 'CUSTOMER' CHECK (role IN ('CUSTOMER', 'USER', 'PREMIUM', 'MANAGER', 'ADMIN')),
  is_active boolean NOT NULL DEFAULT true,
  preferred_language text NOT NULL DEFAULT 'pt-BR' CHECK (preferred_language IN ('pt-BR', 'en-US', 'es')),
  preferred_currency text NOT NULL DEFAULT 'BRL' CHECK (preferred_currency IN ('BRL', 'USD', 'EUR')),
  full_name text,
  phone_number text,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Users type their email in any case; one account per address whatever the case.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE categories (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name_pt text NOT NULL,
  name_en text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE countries (
  code char(2) PRIMARY KEY,
  name_pt text NOT NULL,
  name_en text NOT NULL,
  dial_code text NOT NULL,
  flag text NOT NULL,
  is_active boolean NOT NULL DEFAULT true
);

CREATE TABLE services (
  code text PRIMARY KEY,
  name text NOT NULL,
  category_id integer NOT NULL REFERENCES categories (id),
  icon text NOT NULL,
  popularity integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true
);

CREATE TABLE products (
  id serial PRIMARY KEY,
  sku text NOT NULL UNIQUE,
  service_code text NOT NULL REFERENCES services (code),
  country_code char(2) NOT NULL REFERENCES countries (code),
  price_brl bigint NOT NULL CHECK (price_brl > 0),
  price_usd bigint NOT NULL CHECK (price_usd > 0),
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (service_code, country_code)
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_logs (
  id bigserial PRIMARY KEY,
  actor_id uuid REFERENCES users (id),
  actor_email text,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_logs_created_at_idx ON audit_logs (created_at DESC);
