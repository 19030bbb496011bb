-- Trigger: ledger entries and transfers are never updated or deleted: a correction is a new
-- transfer (a rollback, a reversal, an adjustment). A row trigger holds for every role, the owner
-- included; TRUNCATE, which fires no row trigger, is ledger_no_truncate's.
create or replace function ledger_append_only()
  returns trigger
  language plpgsql
as $function$
begin
  raise exception 'the ledger is append-only: % rows are never updated or deleted', tg_table_name;
end
$function$;

create or replace trigger ledger_entries_append_only before delete or update on ledger_entries
  for each row execute function ledger_append_only();

create or replace trigger ledger_transfers_append_only before delete or update on ledger_transfers
  for each row execute function ledger_append_only();
