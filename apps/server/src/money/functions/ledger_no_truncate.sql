-- The append-only triggers of 0020 fire for each row on UPDATE and DELETE; TRUNCATE fires no row
-- trigger, so it would empty the ledger silently. A statement trigger refuses it.
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
