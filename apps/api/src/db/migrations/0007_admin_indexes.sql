-- The staff lists read every customer's rows newest first; without these they sort the whole table.
CREATE INDEX activations_created_idx ON activations (created_at DESC, id DESC);
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
