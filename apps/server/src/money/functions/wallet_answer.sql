create or replace function wallet_answer(
  t casino_wallet_transactions,
  p_replayed boolean,
  p_events bigint[],
  p_balances jsonb
)
  returns jsonb
  language plpgsql
  immutable
as $function$
begin
  return jsonb_build_object(
    'transactionId', t.transaction_id, 'coin', t.coin, 'balanceBefore', t.balance_before,
    'balance', t.balance_after, 'replayed', p_replayed, 'events', to_jsonb(p_events), 'balances', p_balances);
end
$function$;
