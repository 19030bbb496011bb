-- An instant round (a bet and its win) that is new and that every check lets through, planned on
-- the balances its caller locked (`a`): the bet's legs, from the funds check (ledger_funds_cover)
-- and the SC spending order (ledger_sc_spending), and the balances before the bet, after it and
-- after the win. wallet_write_planned_rounds writes it.
--
-- Null for anything else: no such player, a bet id or win id seen before, a bet a rollback came
-- ahead of, a round that already has a bet, a game that does not exist or a win above its limit
-- (wallet_win_within_limit), a bet a responsible-play limit refuses, funds that do not cover it.
-- The caller then plays the round through wallet_bet_win_checked, which makes each check on its own
-- and answers the replay or the refusal. Called by wallet_bet_win and wallet_bet_win_group;
-- SECURITY DEFINER and the owner's alone: it trusts the balances it is handed.
create or replace function wallet_plan_round(
  a ledger_player_accounts,
  p_ord integer,
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
  returns wallet_planned_round
  language plpgsql
  security definer
  set search_path from current
as $function$
declare
  new_round boolean;
  d_gc bigint := 0; d_bsc bigint := 0; d_psc bigint := 0; d_wsc bigint := 0;
  spent bigint[];
  coin_before bigint;
begin
  if a is null or p_amount <= 0 or p_win_amount < 0 or not ledger_funds_cover(a, p_coin, p_amount) then
    return null;
  end if;
  -- Every other check of a new round, in one query.
  select
    -- One look-up per key, each by its unique index (an OR of them was planned as a scan).
    not exists (select 1 from casino_wallet_transactions where transaction_id = p_transaction_id)
    and not exists (select 1 from casino_wallet_transactions where transaction_id = p_win_transaction_id)
    and not exists (select 1 from casino_wallet_transactions where rolls_back_transaction_id = p_transaction_id)
    and wallet_win_within_limit(p_game_id, p_amount, p_win_amount)
    and not exists (select 1 from casino_bets where game_id = p_game_id and round_id = p_round_id)
    and responsible_play_bet_refusal(p_user_id, p_coin, p_amount) is null
  into new_round;
  if not new_round then return null; end if;

  if p_coin = 'GC' then
    d_gc := -p_amount;
    coin_before := a.gc;
  else
    spent := ledger_sc_spending(a.bsc, a.psc, p_amount);
    d_bsc := -spent[1]; d_psc := -spent[2]; d_wsc := -spent[3];
    coin_before := a.bsc + a.psc + a.wsc;
  end if;
  return row(
    p_ord, p_transaction_id, p_fingerprint, p_ledger_fingerprint,
    p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint,
    p_user_id, p_game_id, p_round_id, p_coin, p_amount, p_win_amount,
    a.id_gc, a.id_bsc, a.id_psc, a.id_wsc, d_gc, d_bsc, d_psc, d_wsc, coin_before,
    jsonb_build_object('gc', a.gc, 'bsc', a.bsc, 'psc', a.psc, 'wsc', a.wsc),
    jsonb_build_object('gc', a.gc + d_gc, 'bsc', a.bsc + d_bsc, 'psc', a.psc + d_psc, 'wsc', a.wsc + d_wsc),
    jsonb_build_object(
      'gc', a.gc + d_gc + case when p_coin = 'GC' then p_win_amount else 0 end,
      'bsc', a.bsc + d_bsc, 'psc', a.psc + d_psc,
      'wsc', a.wsc + d_wsc + case when p_coin = 'SC' then p_win_amount else 0 end)
  )::wallet_planned_round;
end
$function$;

revoke execute on function wallet_plan_round(ledger_player_accounts, integer, text, text, text, text, text, text, bigint, bigint, text, text, bigint, bigint) from public;
