-- A seamless wallet call's answer, from its record (casino_wallet_transactions): the transaction
-- id, the coin, its balance before and after, whether this call replayed an earlier one, the ids of
-- the outbox events the call wrote (the server delivers them after the commit) and the player's
-- balances after it, for the wallet socket (null when no balance changed, or for a replay).
-- money/wallet/service.ts turns it, or an {"error": ...} answer, into the API's answer. PL/pgSQL
-- for the reason given in ledger_balances_json.
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
