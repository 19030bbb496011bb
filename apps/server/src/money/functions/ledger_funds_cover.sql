-- Whether a player's locked balances cover a debit of p_amount in p_coin: GC from the GC balance,
-- SC from bonus, unplayed and redeemable SC together (spent in the order of ledger_sc_spending).
-- The only funds check of a bet: ledger_move_locked and wallet_plan_round call it. (A GC bet on
-- ledger_move's fast way checks the same rule in the update that locks the GC balance.)
create or replace function ledger_funds_cover(a ledger_player_accounts, p_coin text, p_amount bigint)
  returns boolean
  language sql
  immutable
as $function$
  select coalesce(case p_coin when 'GC' then (a).gc when 'SC' then (a).bsc + (a).psc + (a).wsc end >= p_amount, false)
$function$;
