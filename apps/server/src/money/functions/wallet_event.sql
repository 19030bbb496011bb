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
