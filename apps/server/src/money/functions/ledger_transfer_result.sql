-- A transfer as a movement's answer: its id, its player, the balances before and after, and
-- p_replayed (the key was used before: this call moved nothing). Answered by ledger_move and
-- ledger_move_locked for a key used before, and by ledger_replay_or. PL/pgSQL for the reason given
-- in ledger_balances_json.
create or replace function ledger_transfer_result(t ledger_transfers, p_replayed boolean)
  returns jsonb
  language plpgsql
  stable
as $function$
begin
  return jsonb_build_object(
    'transferId', t.id, 'replayed', p_replayed, 'userId', t.user_id,
    'balancesBefore', t.balances_before, 'balancesAfter', t.balances_after);
end
$function$;
