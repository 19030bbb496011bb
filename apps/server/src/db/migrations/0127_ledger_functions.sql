-- One database call per ledger movement (docs/decisions/064-money-path-speed.md).
--
-- A movement used to be eight to twelve statements sent one by one from Node (lock, key look-up,
-- house ids, transfer, entries, one update per account), each a round trip with the player's row
-- locks held in between. These functions run the same steps inside the database: the server sends
-- one `select ledger_move(...)` and gets the result. On its own (autocommit) the call is its own
-- transaction, so the player's locks are held for that call only; inside a business action's
-- transaction it joins that transaction like any statement. The same SQL runs on PGlite.
--
-- Refusals (insufficient funds, a key reused for another request, no such bet) are answered as
-- values, {"error": name, ...}, never raised: an action may commit what it decided around a
-- refusal (a refused bet commits its BetRefused event), and a raise would abort its transaction.
-- A raise means a broken invariant (an unbalanced plan, a bet with another player's entries).

-- The player's five accounts, locked, as one value: ids and balances.
create type ledger_player_accounts as (
  id_gc bigint, id_bsc bigint, id_psc bigint, id_wsc bigint, id_pending bigint,
  gc bigint, bsc bigint, psc bigint, wsc bigint, pending bigint
);
