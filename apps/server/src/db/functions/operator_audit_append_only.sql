-- Trigger: the back office's audit trail (operator_audit_log) and the content desk's versions
-- (content_versions) are append-only. Row triggers refuse UPDATE and DELETE; a statement trigger
-- refuses TRUNCATE, which fires no row trigger. They hold for every role, the tables' owner
-- included; the server's role (casino_app) may only read and insert these tables in any case.
create or replace function operator_audit_append_only()
  returns trigger
  language plpgsql
as $function$
begin
  raise exception 'the audit trail is append-only: % of operator_audit_log is refused', tg_op;
end
$function$;

create or replace trigger content_versions_append_only before delete or update on content_versions
  for each row execute function operator_audit_append_only();

create or replace trigger content_versions_no_truncate before truncate on content_versions
  for each statement execute function operator_audit_append_only();

create or replace trigger operator_audit_log_append_only before delete or update on operator_audit_log
  for each row execute function operator_audit_append_only();

create or replace trigger operator_audit_log_no_truncate before truncate on operator_audit_log
  for each statement execute function operator_audit_append_only();
