-- A group of instant rounds in one call (money/wallet/round-groups.ts,
-- docs/decisions/065-game-round-speed.md). p_rounds is a JSON array of wallet_bet_win's arguments,
-- each with its `ord`; the answer is each round's answer by ord, the one wallet_bet_win would give
-- it alone, with the same rows, values and events. Round by round, in the order of the players' ids
-- (so two groups never wait for each other in a circle), it takes the player's lock and plans the
-- round (wallet_plan_round); one statement then writes every planned round
-- (wallet_write_planned_rounds), so the statement triggers that check what it wrote run once per
-- group, not once per round.
-- - A round that is not new, or that a check refuses, is played on its own by
--   wallet_bet_win_checked.
-- - A player's second round is planned on the balances (and bet days) the first one left: the
--   rounds planned so far are written before it is looked at.
-- - A key another call holds (the same transaction id sent for two players at once) fails the
--   statement whole: the server then sends the group's rounds one by one.
-- - p_lock_timeout, when given, is the group's lock timeout for the rest of its transaction, set
--   before the first lock: a player held elsewhere fails the group fast.
--
-- SECURITY DEFINER and executable by the server's role.
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
