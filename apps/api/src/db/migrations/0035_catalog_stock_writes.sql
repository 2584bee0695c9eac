-- Every sale lowers a product's stock, so while the store trades the count of migration 0034 moves at each
-- renewal of the shelf and the whole catalogue is read again for a few changed numbers. An update of
-- products that changes nothing but stock (and updated_at) is therefore logged apart, one row per product
-- with the transaction that wrote it: a renewal that finds the count unmoved reads the stock of just the
-- products written by transactions its last snapshot did not see (features/catalog/catalog-shelf.ts).
-- Any other update, and every insert, delete or truncate, still moves the count, so the shelf is read
-- whole. The comparison is of whole rows less those two columns: a column added later moves the count.
CREATE TABLE catalog_stock_writes (
  product_id integer NOT NULL,
  -- The writer's transaction (pg_current_xact_id as a number) and when it began.
  xid bigint NOT NULL DEFAULT pg_current_xact_id()::text::bigint,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalog_stock_writes_xid ON catalog_stock_writes (xid);

-- The newest transaction whose rows were pruned: a reader whose last snapshot could still have missed one
-- of them reads the whole catalogue instead.
CREATE TABLE catalog_stock_pruned (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  xid bigint NOT NULL
);
INSERT INTO catalog_stock_pruned (xid) VALUES (0);

CREATE FUNCTION record_products_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
       OR to_jsonb(o) - 'stock' - 'updated_at' IS DISTINCT FROM to_jsonb(n) - 'stock' - 'updated_at'
  ) THEN
    INSERT INTO catalog_writes DEFAULT VALUES;
  ELSE
    INSERT INTO catalog_stock_writes (product_id)
      SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.stock IS DISTINCT FROM o.stock;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER products_record_catalog_write ON products;
CREATE TRIGGER products_record_catalog_write AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION record_catalog_write();
CREATE TRIGGER products_record_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_products_update();
