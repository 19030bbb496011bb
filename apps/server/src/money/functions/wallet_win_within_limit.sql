-- The rule of docs/decisions/058-win-limits.md: a win of `p_win` on a round whose bets are `p_bet`
-- is within its game's limit (the game's max_win_multiplier times the bets). False for a game that
-- does not exist. A plain SQL expression, so that it is inlined into the query of a new round's
-- checks (wallet_plan_round); wallet_win_limit_refusal asks it too.
create or replace function wallet_win_within_limit(p_game_id bigint, p_bet bigint, p_win bigint)
  returns boolean
  language sql
  stable
as $function$
  select coalesce((select p_win <= p_bet * g.max_win_multiplier from casino_games g where g.id = p_game_id), false)
$function$;
