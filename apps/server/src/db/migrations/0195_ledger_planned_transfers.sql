-- What the ledger's one writer (money/functions/ledger_write.sql) is asked to write: transfers,
-- numbered by the caller, and their legs, each naming its transfer by that number. A leg that
-- moves a player's balance says so; the house accounts keep no balance of their own.
create type ledger_planned_transfer as (
  n int, idempotency_key text, fingerprint text, user_id bigint, reason text, reference text, details jsonb,
  reverses_transfer_id bigint, gc_amount bigint, sc_amount bigint, balances_before jsonb, balances_after jsonb
);
create type ledger_planned_leg as (n int, account_id bigint, coin text, amount bigint, moves_balance boolean);
