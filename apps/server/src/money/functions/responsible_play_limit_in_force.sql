-- The amount of a responsible-play limit in force at p_now (now unless the caller says): a lowered
-- limit takes effect at once (it is written to `amount` when it is set); a raise or a removal waits
-- in pending_amount until its pending_at has passed, and is the limit from then on (null: no
-- limit). The one place that says it: the bet-time check (responsible_play_bet_refusal) and the
-- server's reads of a player's limits (kernel/responsible-play) both call it.
create or replace function responsible_play_limit_in_force(
  p_amount bigint,
  p_pending_amount bigint,
  p_pending_at timestamp with time zone,
  p_now timestamp with time zone default now()
)
  returns bigint
  language sql
  stable
as $function$
  select case when p_pending_at is not null and p_pending_at <= p_now then p_pending_amount else p_amount end
$function$;
