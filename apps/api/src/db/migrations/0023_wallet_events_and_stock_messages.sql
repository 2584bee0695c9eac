-- Every wallet entry tells its owner's open pages, whoever writes it: the database records the customer
-- event (features/events) in the statement that writes the entry. Before, the application wrote it after
-- the whole transfer, one more round trip while the transfer's accounts stayed locked, escrow among them,
-- which every purchase in the store updates.
CREATE FUNCTION record_wallet_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  account_currency text;
  transfer_kind text;
BEGIN
  SELECT user_id, currency INTO owner, account_currency
    FROM ledger_accounts WHERE id = NEW.account_id AND kind = 'wallet';
  IF owner IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT kind INTO transfer_kind FROM ledger_transfers WHERE id = NEW.transfer_id;
  INSERT INTO customer_events (user_id, type, data, created_at)
    VALUES (owner, 'wallet',
            json_build_object('kind', transfer_kind, 'currency', account_currency, 'amount', NEW.amount),
            NEW.created_at);
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_entries_wallet_event
  AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION record_wallet_event();

-- A product's stock moves with every sale; the catalogue lists each process remembers for 2 s
-- (http/shared-answers.ts) need forgetting only when something else changes, or when a product runs out
-- or comes back. A sale's stock decrement no longer announces a change (nor empties every process's
-- memory of the lists); the count they show is at most those 2 s old.
DROP TRIGGER products_notify_catalog_changed ON products;
CREATE TRIGGER products_notify_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER products_notify_catalog_updated AFTER UPDATE ON products
  FOR EACH ROW
  WHEN ((OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0)
        OR (to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at'))
  EXECUTE FUNCTION notify_catalog_changed();
