-- A movement's refusal, unless its key was used before: then that first result, as a replay, or
-- IdempotencyKeyReused when the fingerprint differs. ledger_move_locked answers every refusal
-- through it, so a repeated call answers what the first one did even when the balances have moved
-- since and would now refuse it.
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
