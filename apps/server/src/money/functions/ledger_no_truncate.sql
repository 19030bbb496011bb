-- Trigger: the ledger's tables (accounts, transfers, entries) are never truncated. Their
-- append-only triggers (ledger_append_only, ledger_accounts_stay) fire for each row on UPDATE and
-- DELETE, and TRUNCATE fires no row trigger: without this statement trigger it would empty the
-- ledger silently.
create or replace function ledger_no_truncate()
  returns trigger
  language plpgsql
as $function$
begin
  raise exception 'the ledger is append-only: % is never truncated', tg_table_name;
end
$function$;

create or replace trigger ledger_accounts_no_truncate before truncate on ledger_accounts
  for each statement execute function ledger_no_truncate();

create or replace trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_no_truncate();

create or replace trigger ledger_transfers_no_truncate before truncate on ledger_transfers
  for each statement execute function ledger_no_truncate();
