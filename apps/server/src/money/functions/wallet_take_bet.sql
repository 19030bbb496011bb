-- A bet of a call that holds the player's lock (`a`) and passed the round's checks: responsible
-- play (responsible_play_bet_refusal), the ledger's debit (ledger_move_locked's debitBet, which
-- checks the funds and spends SC in its order), the SC bet day, the wallet's record and the
-- BetPlaced event. Answers the wallet's answer, or a refusal; a refusal for funds comes with the
-- BetRefused event, which commits with the call. Called by wallet_bet and wallet_bet_win_checked;
-- SECURITY DEFINER and the owner's alone: it trusts the balances it is handed
-- (docs/decisions/055-least-privilege-role.md).
create or replace function wallet_take_bet(
  a ledger_player_accounts,
  p_transaction_id text,
  p_fingerprint text,
  p_ledger_fingerprint text,
  p_user_id bigint,
  p_game_id bigint,
  p_round_id text,
  p_coin text,
  p_amount bigint
)
  returns jsonb
  language plpgsql
  security definer
  set search_path from current
as $function$
declare
  refusal jsonb := responsible_play_bet_refusal(p_user_id, p_coin, p_amount);
  moved jsonb;
  recorded casino_wallet_transactions;
  event_id bigint;
begin
  if refusal is not null then return refusal; end if;
  moved := ledger_move_locked(a, 'debitBet', p_user_id, 'bet', 'wallet:bet:' || p_transaction_id, p_ledger_fingerprint,
    p_coin, p_amount, null, null, 'round:' || p_game_id || ':' || p_round_id, null, null, null);
  if moved ? 'error' then
    -- A refusal for funds commits its event (the player's pages are told) and nothing else.
    if moved->>'error' = 'InsufficientBalance' then
      event_id := wallet_event('BetRefused', p_user_id, jsonb_build_object('userId', p_user_id, 'coin', p_coin));
      return moved || jsonb_build_object('events', jsonb_build_array(event_id));
    end if;
    return moved;
  end if;
  if p_coin = 'SC' then
    insert into responsible_play_bet_days (user_id, day, amount)
    values (p_user_id, (now() at time zone 'UTC')::date, p_amount)
    on conflict (user_id, day) do update set amount = responsible_play_bet_days.amount + excluded.amount;
  end if;
  insert into casino_wallet_transactions (
    transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, ledger_transfer_id,
    balance_before, balance_after)
  values (
    p_transaction_id, 'bet', p_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount,
    (moved->>'transferId')::bigint,
    case when p_coin = 'GC' then (moved->'balancesBefore'->>'gc')::bigint
      else (moved->'balancesBefore'->>'bsc')::bigint + (moved->'balancesBefore'->>'psc')::bigint + (moved->'balancesBefore'->>'wsc')::bigint end,
    case when p_coin = 'GC' then (moved->'balancesAfter'->>'gc')::bigint
      else (moved->'balancesAfter'->>'bsc')::bigint + (moved->'balancesAfter'->>'psc')::bigint + (moved->'balancesAfter'->>'wsc')::bigint end)
  returning * into recorded;
  event_id := wallet_event('BetPlaced', p_user_id, jsonb_build_object(
    'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin, 'amount', p_amount,
    'transferId', (moved->>'transferId')::bigint));
  return wallet_answer(recorded, false, array[event_id], moved->'balancesAfter');
end
$function$;

revoke execute on function wallet_take_bet(ledger_player_accounts, text, text, text, bigint, bigint, text, text, bigint) from public;
