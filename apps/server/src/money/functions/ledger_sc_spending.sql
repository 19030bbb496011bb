-- The order a Sweeps Coins debit is paid in: bonus SC first, then unplayed SC (bought, not yet
-- played through), then redeemable SC. Answers how much of p_amount comes from each, in that
-- order; the redeemable part is what the other two do not cover (ledger_funds_cover decides
-- whether the three together do). The only place that says it: every SC bet calls it.
create or replace function ledger_sc_spending(p_bonus bigint, p_unplayed bigint, p_amount bigint)
  returns bigint[]
  language sql
  immutable
as $function$
  select array[
    least(p_amount, p_bonus),
    least(p_amount - least(p_amount, p_bonus), p_unplayed),
    greatest(p_amount - p_bonus - p_unplayed, 0)]
$function$;
