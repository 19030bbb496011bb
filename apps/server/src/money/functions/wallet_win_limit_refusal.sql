-- A win above its game's limit, refused (docs/decisions/058-win-limits.md): its record in
-- refused_wins and its money alert, then the refusal the wallet service answers (WinAboveLimit).
-- Null when the win is within the limit. The record and the alert are written once per win
-- transaction id: a repeat is refused again and records nothing more. The refusal is an answer, not
-- a raise, so the record commits with the call. Called under the player's lock by wallet_win and
-- wallet_bet_win_checked.
create or replace function wallet_win_limit_refusal(
  p_transaction_id text,
  p_user_id bigint,
  p_game_id bigint,
  p_round_id text,
  p_coin text,
  p_bet bigint,
  p_win bigint
)
  returns jsonb
  language plpgsql
as $function$
declare
  game casino_games;
  refused_id bigint;
begin
  if wallet_win_within_limit(p_game_id, p_bet, p_win) then return null; end if;
  select * into game from casino_games where id = p_game_id;
  if not found then return jsonb_build_object('error', 'GameNotFound'); end if;
  insert into refused_wins (transaction_id, user_id, game_id, round_id, coin, bet_amount, win_amount, max_win_multiplier, max_win)
  values (p_transaction_id, p_user_id, p_game_id, p_round_id, p_coin, p_bet, p_win, game.max_win_multiplier,
    p_bet * game.max_win_multiplier)
  on conflict (transaction_id) do nothing
  returning id into refused_id;
  if refused_id is not null then
    insert into money_alerts (kind, summary)
    values ('win_above_limit', format(
      'Refused a win of %s %s on a bet of %s %s: above the maximum of %s %s (%sx the bet) of %s (game %s), round %s, player %s.',
      to_char(p_win / 100.0, 'FM999,999,999,999,990.00'), p_coin, to_char(p_bet / 100.0, 'FM999,999,999,999,990.00'), p_coin,
      to_char(p_bet * game.max_win_multiplier / 100.0, 'FM999,999,999,999,990.00'), p_coin,
      to_char(game.max_win_multiplier, 'FM9,999,990'), game.name, p_game_id, p_round_id, p_user_id));
  end if;
  return jsonb_build_object(
    'error', 'WinAboveLimit', 'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin,
    'betAmount', p_bet, 'winAmount', p_win, 'maxWin', p_bet * game.max_win_multiplier, 'maxWinMultiplier', game.max_win_multiplier,
    'refusedWinId', refused_id);
end
$function$;
