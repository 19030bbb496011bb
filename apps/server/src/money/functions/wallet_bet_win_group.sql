create or replace function wallet_bet_win_group(
  p_rounds jsonb,
  p_lock_timeout text default null::text
)
  returns table(ord integer, answer jsonb)
  language plpgsql
  security definer
  set search_path from current
as $function$
#variable_conflict use_column
declare
  r record;
  a ledger_player_accounts;
  new_round boolean;
  plans wallet_planned_round[] := '{}';
  planned_players bigint[] := '{}';
  d_gc bigint; d_bsc bigint; d_psc bigint; d_wsc bigint;
  take bigint; remaining bigint; coin_before bigint;
begin
  if p_lock_timeout is not null then
    perform set_config('lock_timeout', p_lock_timeout, true);
  end if;
  for r in
    select * from jsonb_to_recordset(p_rounds) as rounds (
      ord int, transaction_id text, fingerprint text, ledger_fingerprint text,
      win_transaction_id text, win_fingerprint text, win_ledger_fingerprint text,
      user_id bigint, game_id bigint, round_id text, coin text, amount bigint, win_amount bigint)
    order by user_id, ord
  loop
    -- A player's second round: the rounds planned so far are written first, so that it is looked
    -- at on the balances (and the bet days) the first one left.
    if r.user_id = any(planned_players) then
      return query select * from wallet_write_planned_rounds(plans);
      plans := '{}';
      planned_players := '{}';
    end if;

    a := ledger_lock_player(r.user_id);
    new_round := false;
    d_gc := 0; d_bsc := 0; d_psc := 0; d_wsc := 0;
    -- A new round that every check lets through: the checks of wallet_bet_win (0161), in one query.
    if a is not null and r.amount > 0 and r.win_amount >= 0 then
      select
        not exists (select 1 from casino_wallet_transactions where transaction_id = r.transaction_id)
        and not exists (select 1 from casino_wallet_transactions where transaction_id = r.win_transaction_id)
        and not exists (select 1 from casino_wallet_transactions where rolls_back_transaction_id = r.transaction_id)
        -- The game exists and the win is within its limit (0178).
        and wallet_win_within_limit(r.game_id, r.amount, r.win_amount)
        and not exists (select 1 from casino_bets where game_id = r.game_id and round_id = r.round_id)
        and responsible_play_bet_refusal(r.user_id, r.coin, r.amount) is null
      into new_round;
      if new_round and r.coin = 'GC' and a.gc >= r.amount then
        d_gc := -r.amount;
        coin_before := a.gc;
      elsif new_round and r.coin = 'SC' and a.bsc + a.psc + a.wsc >= r.amount then
        -- The bet's legs: bonus SC first, then unplayed, then redeemable.
        remaining := r.amount;
        take := least(remaining, a.bsc); d_bsc := -take; remaining := remaining - take;
        take := least(remaining, a.psc); d_psc := -take; remaining := remaining - take;
        d_wsc := -remaining;
        coin_before := a.bsc + a.psc + a.wsc;
      else
        new_round := false;
      end if;
    end if;

    if new_round then
      plans := plans || row(
        r.ord, r.transaction_id, r.fingerprint, r.ledger_fingerprint,
        r.win_transaction_id, r.win_fingerprint, r.win_ledger_fingerprint,
        r.user_id, r.game_id, r.round_id, r.coin, r.amount, r.win_amount,
        a.id_gc, a.id_bsc, a.id_psc, a.id_wsc, d_gc, d_bsc, d_psc, d_wsc, coin_before,
        jsonb_build_object('gc', a.gc, 'bsc', a.bsc, 'psc', a.psc, 'wsc', a.wsc),
        jsonb_build_object('gc', a.gc + d_gc, 'bsc', a.bsc + d_bsc, 'psc', a.psc + d_psc, 'wsc', a.wsc + d_wsc),
        jsonb_build_object(
          'gc', a.gc + d_gc + case when r.coin = 'GC' then r.win_amount else 0 end,
          'bsc', a.bsc + d_bsc, 'psc', a.psc + d_psc,
          'wsc', a.wsc + d_wsc + case when r.coin = 'SC' then r.win_amount else 0 end)
      )::wallet_planned_round;
      planned_players := planned_players || r.user_id;
    else
      -- Not a new round, or one that a check refuses: wallet_bet_win's other paths, each with all its checks.
      ord := r.ord;
      answer := wallet_bet_win_checked(r.transaction_id, r.fingerprint, r.ledger_fingerprint,
        r.win_transaction_id, r.win_fingerprint, r.win_ledger_fingerprint,
        r.user_id, r.game_id, r.round_id, r.coin, r.amount, r.win_amount);
      return next;
    end if;
  end loop;
  if cardinality(plans) > 0 then
    return query select * from wallet_write_planned_rounds(plans);
  end if;
end
$function$;

revoke execute on function wallet_bet_win_group(jsonb, text) from public;
grant execute on function wallet_bet_win_group(jsonb, text) to casino_app;
