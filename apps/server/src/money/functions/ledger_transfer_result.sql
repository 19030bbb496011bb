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
