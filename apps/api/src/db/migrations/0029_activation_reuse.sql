-- "Use this number again" (issue 34): an activation bought on the number of an earlier one of the same
-- customer names it, so a retried request is recognised and the order shows where its number came from.
ALTER TABLE activations ADD COLUMN reused_from uuid REFERENCES activations (id);
