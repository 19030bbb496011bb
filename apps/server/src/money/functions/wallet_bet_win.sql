-- An instant game's round, its bet and its win, in one call
-- (docs/decisions/065-game-round-speed.md): the player's lock taken once, each check made once, and
-- the round's rows written once, settled, by wallet_write_planned_rounds, as a round of a group
-- (wallet_bet_win_group) is. The answer, the rows, the ledger transfers and the events are those of
-- wallet_bet followed by wallet_win: the same bet and win records, the same BetPlaced and WinPaid
-- events, the same refusals. Anything but a new round (a repeated bet id, a round that already has
-- a bet, a bet a rollback came ahead of, a win id used before, a refusal) goes through
-- wallet_bet_win_checked. SECURITY DEFINER and executable by the server's role
-- (money/wallet/service.ts).
create or replace function wallet_bet_win(
  p_transaction_id text,
  p_fingerprint text,
  p_ledger_fingerprint text,
  p_win_transaction_id text,
  p_win_fingerprint text,
  p_win_ledger_fingerprint text,
  p_user_id bigint,
  p_game_id bigint,
  p_round_id text,
  p_coin text,
  p_amount bigint,
  p_win_amount bigint
)
  returns jsonb
  language plpgsql
  security definer
  set search_path from current
as $function$
declare
  plan wallet_planned_round := wallet_plan_round(ledger_lock_player(p_user_id), 0, p_transaction_id, p_fingerprint,
    p_ledger_fingerprint, p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint,
    p_user_id, p_game_id, p_round_id, p_coin, p_amount, p_win_amount);
begin
  -- A new round that every check lets through: written as a group of one.
  if plan.user_id is not null then
    return (select w.answer from wallet_write_planned_rounds(array[plan]) w);
  end if;
  -- Anything else: each check on its own, answering the replay or the refusal.
  return wallet_bet_win_checked(p_transaction_id, p_fingerprint, p_ledger_fingerprint,
    p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint,
    p_user_id, p_game_id, p_round_id, p_coin, p_amount, p_win_amount);
end
$function$;

revoke execute on function wallet_bet_win(text, text, text, text, text, text, bigint, bigint, text, text, bigint, bigint) from public;
grant execute on function wallet_bet_win(text, text, text, text, text, text, bigint, bigint, text, text, bigint, bigint) to casino_app;
