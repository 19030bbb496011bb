-- The bet-time responsible-play check: a bet refused by an exclusion in force (PlayerExcluded, in
-- either coin), or an SC bet past a bet limit in force (BetLimitReached; a raise or removal counts
-- once its pending_at has passed, as responsible_play_limit_in_force says). Periods are the UTC
-- day, ISO week and month, totalled from responsible_play_bet_days, which the wallet's functions
-- keep (a bet adds to its day, a rollback takes it off); when several limits are passed, the
-- tightest (the least left) is named. Null: allowed.
--
-- Called under the player's lock by wallet_take_bet and wallet_plan_round, so the totals it reads
-- are those the bet adds to. It only reads: not SECURITY DEFINER.
create or replace function responsible_play_bet_refusal(
  p_user_id bigint,
  p_coin text,
  p_amount bigint
)
  returns jsonb
  language plpgsql
  stable
as $function$
declare
  exclusion record;
  today date := (now() at time zone 'UTC')::date;
  week_start date := date_trunc('week', now() at time zone 'UTC')::date;
  month_start date := date_trunc('month', now() at time zone 'UTC')::date;
  totals record;
  limit_row record;
  total bigint;
  left_over bigint;
  worst jsonb;
begin
  select kind, ends_at into exclusion
  from responsible_play_exclusions
  where user_id = p_user_id and starts_at <= now() and (ends_at is null or ends_at > now())
  order by ends_at desc nulls first, id desc
  limit 1;
  if found then
    return jsonb_build_object('error', 'PlayerExcluded', 'kind', exclusion.kind, 'until', exclusion.ends_at);
  end if;
  if p_coin <> 'SC' then return null; end if;

  for limit_row in
    select kind,
      responsible_play_limit_in_force(amount, pending_amount, pending_at) as in_force
    from responsible_play_limits
    where user_id = p_user_id and kind in ('dailyBetLimit', 'weeklyBetLimit', 'monthlyBetLimit')
    order by case kind when 'dailyBetLimit' then 1 when 'weeklyBetLimit' then 2 else 3 end
  loop
    continue when limit_row.in_force is null;
    if totals is null then
      select
        coalesce(sum(amount) filter (where day >= today), 0) as daily,
        coalesce(sum(amount) filter (where day >= week_start), 0) as weekly,
        coalesce(sum(amount) filter (where day >= month_start), 0) as monthly
      into totals
      from responsible_play_bet_days
      where user_id = p_user_id and day >= least(week_start, month_start);
    end if;
    total := case limit_row.kind when 'dailyBetLimit' then totals.daily when 'weeklyBetLimit' then totals.weekly else totals.monthly end;
    left_over := greatest(0, limit_row.in_force - total);
    if p_amount > left_over and (worst is null or left_over < (worst->>'remaining')::bigint) then
      worst := jsonb_build_object('error', 'BetLimitReached', 'kind', limit_row.kind, 'limitAmount', limit_row.in_force, 'remaining', left_over);
    end if;
  end loop;
  return worst;
end
$function$;
