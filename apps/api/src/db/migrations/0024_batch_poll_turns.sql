-- A seller that answers for all its activations in one call (getActiveActivations) is asked by one
-- process per turn: the process that moves the seller's row here. Its activations are read, not claimed:
-- an activation with nothing new costs no write at each poll (before, each was claimed and then released,
-- two row updates a second for every number waiting for its SMS).
CREATE TABLE batch_poll_turns (
  provider text PRIMARY KEY,
  next_at timestamptz NOT NULL
);

-- Those activations now keep a next check in the past between turns: the claims of the sellers asked one
-- activation at a time, and a seller's turn, look them up by seller first.
DROP INDEX activations_poll_idx;
CREATE INDEX activations_poll_idx ON activations (provider, next_check_at)
  WHERE next_check_at IS NOT NULL AND status IN ('waiting_sms', 'code_received');
