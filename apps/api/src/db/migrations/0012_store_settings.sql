-- Store settings are changed by staff from the browser: who changed a key last is kept beside it (the
-- audit log has the before and after). Countries get an order of their own and the country number the
-- reseller protocol uses for them.
ALTER TABLE settings ADD COLUMN updated_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE countries ADD COLUMN sort_order integer NOT NULL DEFAULT 0;
ALTER TABLE countries ADD COLUMN protocol_id integer CHECK (protocol_id BETWEEN 0 AND 100000);
CREATE UNIQUE INDEX countries_protocol_id_key ON countries (protocol_id) WHERE protocol_id IS NOT NULL;
