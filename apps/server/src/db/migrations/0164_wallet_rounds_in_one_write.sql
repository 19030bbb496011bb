-- The value a new instant round is planned in (docs/decisions/065-game-round-speed.md):
-- wallet_plan_round plans it under the player's lock, and wallet_write_planned_rounds writes a
-- group of them in one statement (money/functions; wallet_bet_win and wallet_bet_win_group call
-- them). Written by one statement, a group runs the statement triggers that check what was written
-- (the ledger's balance per transfer, the games that rows name) once rather than once per round:
-- those triggers were about a tenth of PostgreSQL's time in a round.
--
-- One planned round: the call's values, the player's accounts, the legs of its bet on them and the
-- balances before the bet, after it and after the win.
create type wallet_planned_round as (
  ord int, transaction_id text, fingerprint text, ledger_fingerprint text,
  win_transaction_id text, win_fingerprint text, win_ledger_fingerprint text,
  user_id bigint, game_id bigint, round_id text, coin text, amount bigint, win_amount bigint,
  id_gc bigint, id_bsc bigint, id_psc bigint, id_wsc bigint,
  d_gc bigint, d_bsc bigint, d_psc bigint, d_wsc bigint,
  coin_before bigint, before_bet jsonb, after_bet jsonb, after_win jsonb
);
