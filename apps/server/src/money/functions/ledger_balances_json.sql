-- A lighter ledger movement (docs/decisions/064-money-path-speed.md).
--
-- 1. The small helpers the ledger and the wallet call from PL/pgSQL were SQL functions. PostgreSQL
--    15 does not inline them there and keeps no plan for them: every call parsed and planned its
--    body again (a round called them nine times). As PL/pgSQL functions their expressions and
--    their one insert are planned once per connection. Bodies, arguments and answers unchanged.
create or replace function ledger_balances_json(a ledger_player_accounts)
  returns jsonb
  language plpgsql
  immutable
as $function$
begin
  return jsonb_build_object('gc', a.gc, 'bsc', a.bsc, 'psc', a.psc, 'wsc', a.wsc);
end
$function$;
