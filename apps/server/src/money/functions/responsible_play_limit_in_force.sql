-- The amount of a responsible-play limit in force at p_now (now unless the caller says): a lowered
-- limit takes effect at once (it is written to `amount` when it is set); a raise or a removal waits
-- in pending_amount until its pending_at has passed, and is the limit from then on (null: no
-- limit). The bet-time check (responsible_play_bet_refusal) calls it inside its statement; the
-- server reads a player's limits through kernel/responsible-play/limit-in-force.ts, whose test
-- proves the two agree on every kind of row.
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
