-- A player's balance in one coin, as the wallet answers it: GC, or the spendable SC (bonus,
-- unplayed and redeemable together). PL/pgSQL for the reason given in ledger_balances_json.
create or replace function wallet_coin_balance(a ledger_player_accounts, p_coin text)
  returns bigint
  language plpgsql
  immutable
as $function$
begin
  return case when p_coin = 'GC' then a.gc else a.bsc + a.psc + a.wsc end;
end
$function$;
