-- Staff credit or debit a customer's wallet (support's most common task after a failed payment). The
-- other side of every such transfer is a system account of its own which, like the outside source of
-- top-ups, may go below zero: it is the running total of what staff have given minus taken back.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
  CHECK (kind IN ('wallet', 'escrow', 'revenue', 'external_in', 'staff_adjustments'));
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_balance_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_balance_check
  CHECK (kind IN ('external_in', 'staff_adjustments') OR balance >= 0);
