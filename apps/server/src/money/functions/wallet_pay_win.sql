-- A win of a call that holds the player's lock (`a`) and passed the round's checks: the ledger's
-- credit (none for a loss, which closes the round without a movement), the wallet's record and the
-- WinPaid event. Answers the wallet's answer, or the ledger's refusal. Called by wallet_win and
-- wallet_bet_win_checked; SECURITY DEFINER and the owner's alone: it trusts the balances it is
-- handed (docs/decisions/055-least-privilege-role.md).
create or replace function wallet_pay_win(
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
  moved jsonb;
  v_transfer_id bigint;
  before_balance bigint := wallet_coin_balance(a, p_coin);
  after_balance bigint := before_balance;
  balances jsonb;
  recorded casino_wallet_transactions;
  event_id bigint;
begin
  if p_amount > 0 then
    moved := ledger_move_locked(a, 'creditWin', p_user_id, 'win', 'wallet:win:' || p_transaction_id, p_ledger_fingerprint,
      p_coin, p_amount, null, null, 'round:' || p_game_id || ':' || p_round_id, null, null, null);
    if moved ? 'error' then return moved; end if;
    v_transfer_id := (moved->>'transferId')::bigint;
    balances := moved->'balancesAfter';
    after_balance := case when p_coin = 'GC' then (balances->>'gc')::bigint
      else (balances->>'bsc')::bigint + (balances->>'psc')::bigint + (balances->>'wsc')::bigint end;
  end if;
  insert into casino_wallet_transactions (
    transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, ledger_transfer_id,
    balance_before, balance_after)
  values (
    p_transaction_id, 'win', p_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount, v_transfer_id,
    before_balance, after_balance)
  returning * into recorded;
  event_id := wallet_event('WinPaid', p_user_id, jsonb_build_object(
    'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin, 'amount', p_amount,
    'transferId', v_transfer_id));
  -- A loss changes no balance: nothing for the wallet socket to send.
  return wallet_answer(recorded, false, array[event_id], balances);
end
$function$;

revoke execute on function wallet_pay_win(ledger_player_accounts, text, text, text, bigint, bigint, text, text, bigint) from public;
