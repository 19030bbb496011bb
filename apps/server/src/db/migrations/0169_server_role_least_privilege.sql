-- The server's role keeps the rights the product uses, and no more (docs/decisions/055).
--
-- An audit found that a connection in casino_app (0052) could raise a cached balance by a million
-- coins, write ledger rows of its own, delete self-exclusions, redemptions and the wallet API's
-- records, rewrite a round's win and create schemas. Each of those now needs the tables' owner.
do $$
declare
  schema_name text := current_schema();
begin
  -- The ledger and the seamless wallet's records (its transactions and its rounds' bet rows):
  -- read only. Every write is a money function's (money/functions, SECURITY DEFINER), which runs
  -- as the owner; so is the player's lock (ledger_lock_player), as locking a row takes the right to
  -- update it.
  execute format(
    'revoke insert, update, delete, truncate on %1$I.ledger_accounts, %1$I.ledger_transfers, %1$I.ledger_entries,
       %1$I.casino_wallet_transactions, %1$I.casino_bets from casino_app',
    schema_name);
  -- Self-exclusions and breaks are kept as they were taken: never shortened nor removed.
  execute format('revoke update, delete, truncate on %I.responsible_play_exclusions from casino_app', schema_name);
  -- A game round is written once, by its own statement, with its bet, win and outcome. The
  -- recovery of a round a crash left open settles or cancels it: status, balance after, settled at.
  -- (Revoking UPDATE on a table revokes its column grants too, so the columns are granted after.)
  execute format('revoke update, delete, truncate on %I.rgs_rounds from casino_app', schema_name);
  execute format('grant update (status, balance_after, settled_at) on %I.rgs_rounds to casino_app', schema_name);
  -- A redemption is never removed, and keeps its player, amount, destination and the transfer
  -- that took its coins; its way through review, payout and settlement is what changes.
  execute format('revoke update, delete, truncate on %I.redemptions from casino_app', schema_name);
  execute format(
    'grant update (status, payout_id, failure_reason, settled_transfer_id, submitted_at, settled_at, updated_at)
       on %I.redemptions to casino_app',
    schema_name);
  -- No schemas of its own: the job queue's schema is made and upgraded as the owner at every
  -- start (jobs/pg-boss-runner.ts), which took back the need 0053 gave this right for.
  execute format('revoke create on database %I from casino_app', current_database());
end
$$;
