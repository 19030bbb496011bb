-- Trigger: a refused win (refused_wins, written by wallet_win_limit_refusal) is kept as it was
-- recorded. Row triggers refuse UPDATE and DELETE, a statement trigger TRUNCATE, for every role,
-- the owner included: the money desk lists these rows, like the audit trail.
create or replace function refused_wins_append_only()
  returns trigger
  language plpgsql
as $function$
begin
  raise exception 'refused wins are kept as recorded: % of refused_wins is refused', tg_op;
end
$function$;

create or replace trigger refused_wins_append_only before delete or update on refused_wins
  for each row execute function refused_wins_append_only();

create or replace trigger refused_wins_no_truncate before truncate on refused_wins
  for each statement execute function refused_wins_append_only();
