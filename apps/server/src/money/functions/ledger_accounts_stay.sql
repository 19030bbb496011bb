-- Accounts are never deleted, and keep their id and coin: entries refer to them by both.
create or replace function ledger_accounts_stay()
  returns trigger
  language plpgsql
as $function$
begin
  raise exception 'ledger accounts are never deleted, and keep their id and coin';
end
$function$;

create or replace trigger ledger_accounts_stay before delete or update of id, coin on ledger_accounts
  for each row execute function ledger_accounts_stay();
