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
  plan wallet_planned_round;
  plans wallet_planned_round[] := '{}';
  planned_players bigint[] := '{}';
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

    plan := wallet_plan_round(ledger_lock_player(r.user_id), r.ord, r.transaction_id, r.fingerprint,
      r.ledger_fingerprint, r.win_transaction_id, r.win_fingerprint, r.win_ledger_fingerprint,
      r.user_id, r.game_id, r.round_id, r.coin, r.amount, r.win_amount);
    -- A planned round names its player; a round not planned is all nulls.
    if plan.user_id is not null then
      plans := plans || plan;
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
