-- The value the ledger's functions pass a player's five accounts in, once locked: their ids and
-- balances. ledger_lock_player answers it (money/functions/ledger_lock_player.sql);
-- ledger_move_locked and the seamless wallet's functions plan a movement from it
-- (docs/decisions/064-money-path-speed.md).
create type ledger_player_accounts as (
  id_gc bigint, id_bsc bigint, id_psc bigint, id_wsc bigint, id_pending bigint,
  gc bigint, bsc bigint, psc bigint, wsc bigint, pending bigint
);
