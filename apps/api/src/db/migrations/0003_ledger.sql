-- The double-entry ledger: every movement of money is a transfer whose entries sum to zero.

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('wallet', 'escrow', 'revenue', 'external_in')),
  user_id uuid REFERENCES users (id),
  currency text NOT NULL CHECK (currency IN ('BRL', 'USD')),
  -- Cached sum of the account's entries, updated in the same transaction as each entry.
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'wallet') = (user_id IS NOT NULL)),
  -- Money comes in through external_in (which goes negative); nothing else may.
  CONSTRAINT ledger_accounts_balance_check CHECK (kind = 'external_in' OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_wallet_key ON ledger_accounts (user_id, currency) WHERE kind = 'wallet';
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (kind, currency) WHERE kind <> 'wallet';

CREATE TABLE ledger_transfers (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('topup', 'purchase', 'capture', 'refund', 'adjustment')),
  currency text NOT NULL CHECK (currency IN ('BRL', 'USD')),
  amount bigint NOT NULL CHECK (amount > 0),
  user_id uuid REFERENCES users (id),
  description text NOT NULL,
  reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transfers_reference_idx ON ledger_transfers (reference);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id DESC);
CREATE INDEX ledger_entries_transfer_idx ON ledger_entries (transfer_id);

-- History is immutable: corrections are new transfers, never edits.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Checked at commit, once all of a transfer's entries are in: they must sum to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT sum(amount) INTO total FROM ledger_entries WHERE transfer_id = NEW.transfer_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transfer % is unbalanced by %', NEW.transfer_id, total;
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
