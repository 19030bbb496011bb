-- A refusal, unless the key was used before: then that first result (or its refusal as reused).
create or replace function ledger_replay_or(p_key text, p_fingerprint text, p_answer jsonb)
  returns jsonb
  language plpgsql
  stable
as $function$
declare
  known ledger_transfers;
begin
  select * into known from ledger_transfers where idempotency_key = p_key;
  if not found then return p_answer; end if;
  if known.fingerprint <> p_fingerprint then return jsonb_build_object('error', 'IdempotencyKeyReused'); end if;
  return ledger_transfer_result(known, true);
end
$function$;
