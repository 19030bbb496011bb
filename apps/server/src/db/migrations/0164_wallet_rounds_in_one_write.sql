-- A group of new rounds written by one statement (issue 17 point 2,
-- docs/decisions/065-game-round-speed.md).
--
-- The in-house game server's rounds that arrive together go as one statement (decision 065), which
-- called wallet_bet_win once per round: each round then ran its own write statement, with about ten
-- inserts and updates, and the statement triggers that check what it wrote (the ledger's balance
-- per transfer, the games that rows name) ran once per round. About a tenth of PostgreSQL's time
-- in a round was those triggers.
--
-- wallet_bet_win_group plays a group: for each round, in the order of the players' ids, it takes
-- the player's lock (ledger_lock_player) and makes every check of a new round, as wallet_bet_win
-- does (0161), and plans the round from the locked balances; then one statement writes every
-- planned round: the transfers, their entries, the balance updates, the wallet records, the bet
-- rows, the SC bet days and events, and the GC play totals and recently played rows (0163). The
-- rows, values, ids' order, answers and events of each round are those wallet_bet_win writes and
-- answers for it alone.
--
-- - A round that is not new, or that a check refuses, goes through wallet_bet_win_checked on its
--   own, as in wallet_bet_win.
-- - A player's second round in the group is planned on the balances the first one left: the
--   rounds planned so far are written before it is looked at.
-- - A key another call holds (the same transaction id sent for two players at once) fails the
--   statement whole, as it failed wallet_bet_win: the group's rounds are then sent one by one.
-- - `p_lock_timeout`, when given, is the group's own lock timeout for the rest of its transaction,
--   set before the first lock (decision 065).

-- One planned round: the call's values, the player's accounts, the legs of its bet on them and
-- the balances before the bet, after it and after the win.
create type wallet_planned_round as (
  ord int, transaction_id text, fingerprint text, ledger_fingerprint text,
  win_transaction_id text, win_fingerprint text, win_ledger_fingerprint text,
  user_id bigint, game_id bigint, round_id text, coin text, amount bigint, win_amount bigint,
  id_gc bigint, id_bsc bigint, id_psc bigint, id_wsc bigint,
  d_gc bigint, d_bsc bigint, d_psc bigint, d_wsc bigint,
  coin_before bigint, before_bet jsonb, after_bet jsonb, after_win jsonb
);
