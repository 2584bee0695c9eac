-- Each process renews its shelf (features/catalog/catalog-shelf.ts) every few seconds; reading the whole
-- catalogue (200,000 rows at market size) only to find it unchanged is most of that cost. The database
-- counts every statement that writes to a table the shelf is made of, whoever the writer: one row in
-- catalog_writes per statement, visible at its commit and never on a rollback, so a count read before the
-- shelf can only miss writes committed after it, which the next count shows. Writers only insert: no
-- row that purchases, staff and the import would all wait on. The readers fold the rows now and then into
-- catalog_write_total, in one statement that keeps the sum of both the same.
CREATE TABLE catalog_writes (
  id bigserial PRIMARY KEY
);

CREATE TABLE catalog_write_total (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  folded bigint NOT NULL
);
INSERT INTO catalog_write_total (folded) VALUES (0);

CREATE FUNCTION record_catalog_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_writes DEFAULT VALUES;
  RETURN NULL;
END
$$;

CREATE TRIGGER categories_record_catalog_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION record_catalog_write();
CREATE TRIGGER countries_record_catalog_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries
  FOR EACH STATEMENT EXECUTE FUNCTION record_catalog_write();
CREATE TRIGGER services_record_catalog_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION record_catalog_write();
CREATE TRIGGER products_record_catalog_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION record_catalog_write();
