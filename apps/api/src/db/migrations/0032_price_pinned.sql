-- A price staff pinned by hand (issue 32): pricing rules, run by hand or after each costs sync, leave it
-- alone. The import's pause for a cost above the price still applies: the store never sells under cost.
ALTER TABLE products ADD COLUMN price_pinned boolean NOT NULL DEFAULT false;
