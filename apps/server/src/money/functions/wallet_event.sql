-- Writes a wallet call's domain event to the outbox (outbox_events) and answers its id, which the
-- call's answer carries so that the server delivers it after the commit (events/event-bus.ts). It
-- is written in the caller's transaction: the event commits with the call's movement or not at all.
-- PL/pgSQL for the reason given in ledger_balances_json.
create or replace function wallet_event(p_type text, p_user_id bigint, p_payload jsonb)
  returns bigint
  language plpgsql
as $function$
declare
  event_id bigint;
begin
  insert into outbox_events (type, user_id, payload) values (p_type, p_user_id, p_payload) returning id into event_id;
  return event_id;
end
$function$;
