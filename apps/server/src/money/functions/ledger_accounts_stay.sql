-- Trigger: ledger accounts are never deleted, and keep their id and coin. Entries name their
-- account by both without a foreign key (ledger_entries_balanced checks that it exists when they
-- are written), so this is what keeps the account an entry names. TRUNCATE is ledger_no_truncate's.
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
