-- A player's spendable balances as the ledger records and answers them: {gc, bsc, psc, wsc},
-- pending redemption apart. Transfers keep them as balances_before and balances_after.
--
-- PL/pgSQL, not SQL, as are the other small helpers the money functions call from PL/pgSQL
-- (ledger_transfer_result, wallet_answer, wallet_coin_balance, wallet_event): PostgreSQL 15 does
-- not inline a SQL function there and keeps no plan for it, so every call would parse and plan its
-- body again. A PL/pgSQL function's expressions are planned once per connection
-- (docs/decisions/064-money-path-speed.md).
create or replace function ledger_balances_json(a ledger_player_accounts)
  returns jsonb
  language plpgsql
  immutable
as $function$
begin
  return jsonb_build_object('gc', a.gc, 'bsc', a.bsc, 'psc', a.psc, 'wsc', a.wsc);
end
$function$;
