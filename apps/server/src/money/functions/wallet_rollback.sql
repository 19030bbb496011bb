-- The seamless wallet's rollback of a bet (money/wallet/service.ts), under the player's lock. A
-- repeated transaction id answers its first answer (wallet_begin). The bet it names must be this
-- player's, in this game and round, and its round not settled (RoundMismatch, RoundClosed); a bet
-- is rolled back once (BetAlreadyRolledBack).
--
-- A bet that has its record is reversed exactly: its ledger transfer (`wallet:bet:<id>`) by
-- ledger_move_locked's rollbackBet, its amount taken off the SC bet total of the day it was placed
-- on and off the round's bets (a round left with none is rolled_back), then the BetRolledBack
-- event. When the bet has not arrived (or is still on its way), the rollback is recorded and moves
-- nothing, and the bet is refused if it comes (wallet_bet): both are decided under the player's
-- lock. SECURITY DEFINER and executable by the server's role.
create or replace function wallet_rollback(
  p_transaction_id text,
  p_fingerprint text,
  p_ledger_fingerprint text,
  p_user_id bigint,
  p_game_id bigint,
  p_round_id text,
  p_bet_transaction_id text
)
  returns jsonb
  language plpgsql
  security definer
  set search_path from current
as $function$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  bet casino_wallet_transactions;
  has_bet boolean;
  rnd casino_bets;
  has_round boolean;
  v_coin text;
  moved jsonb;
  recorded casino_wallet_transactions;
  event_id bigint;
begin
  if early is not null then return early; end if;
  select * into bet from casino_wallet_transactions where transaction_id = p_bet_transaction_id;
  has_bet := found;
  if has_bet and (bet.action <> 'bet' or bet.user_id <> p_user_id or bet.game_id <> p_game_id or bet.round_id <> p_round_id) then
    return jsonb_build_object('error', 'RoundMismatch');
  end if;
  select * into rnd from casino_bets where game_id = p_game_id and round_id = p_round_id;
  has_round := found;
  if has_round and rnd.user_id <> p_user_id then return jsonb_build_object('error', 'RoundMismatch'); end if;
  if has_bet and has_round and rnd.status = 'settled' then return jsonb_build_object('error', 'RoundClosed'); end if;
  perform 1 from casino_wallet_transactions where rolls_back_transaction_id = p_bet_transaction_id;
  if found then return jsonb_build_object('error', 'BetAlreadyRolledBack'); end if;
  v_coin := case when has_bet then bet.coin when has_round then rnd.coin else 'SC' end;

  if not has_bet then
    -- The bet never arrived (or is still on its way): record the rollback, move nothing; the bet
    -- is refused if it comes (both decided under the player's lock).
    insert into casino_wallet_transactions (
      transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, rolls_back_transaction_id,
      ledger_transfer_id, balance_before, balance_after)
    values (
      p_transaction_id, 'rollback', p_fingerprint, p_user_id, p_game_id, p_round_id, v_coin, 0, p_bet_transaction_id,
      null, wallet_coin_balance(a, v_coin), wallet_coin_balance(a, v_coin))
    returning * into recorded;
    event_id := wallet_event('BetRolledBack', p_user_id, jsonb_build_object(
      'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', v_coin, 'amount', 0, 'transferId', null));
    return wallet_answer(recorded, false, array[event_id], null);
  end if;

  -- The bet's debit is in the ledger whenever its record is: reverse exactly that transfer.
  moved := ledger_move_locked(a, 'rollbackBet', p_user_id, 'bet_rollback', 'wallet:rollback:' || p_transaction_id,
    p_ledger_fingerprint, null, null, null, null, 'round:' || p_game_id || ':' || p_round_id, null,
    'wallet:bet:' || p_bet_transaction_id, null);
  if moved ? 'error' then return moved; end if;
  if v_coin = 'SC' and bet.amount > 0 then
    -- A rolled-back bet leaves the total of the day it was placed on.
    update responsible_play_bet_days set amount = greatest(0, amount - bet.amount)
    where user_id = p_user_id and day = (bet.created_at at time zone 'UTC')::date;
  end if;
  insert into casino_wallet_transactions (
    transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, rolls_back_transaction_id,
    ledger_transfer_id, balance_before, balance_after)
  values (
    p_transaction_id, 'rollback', p_fingerprint, p_user_id, p_game_id, p_round_id, v_coin, bet.amount, p_bet_transaction_id,
    (moved->>'transferId')::bigint,
    case when v_coin = 'GC' then (moved->'balancesBefore'->>'gc')::bigint
      else (moved->'balancesBefore'->>'bsc')::bigint + (moved->'balancesBefore'->>'psc')::bigint + (moved->'balancesBefore'->>'wsc')::bigint end,
    case when v_coin = 'GC' then (moved->'balancesAfter'->>'gc')::bigint
      else (moved->'balancesAfter'->>'bsc')::bigint + (moved->'balancesAfter'->>'psc')::bigint + (moved->'balancesAfter'->>'wsc')::bigint end)
  returning * into recorded;
  update casino_bets
  set bet_amount = bet_amount - bet.amount,
    status = case when bet_amount - bet.amount = 0 then 'rolled_back' else status end,
    updated_at = now()
  where game_id = p_game_id and round_id = p_round_id;
  event_id := wallet_event('BetRolledBack', p_user_id, jsonb_build_object(
    'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', v_coin, 'amount', bet.amount,
    'transferId', (moved->>'transferId')::bigint));
  return wallet_answer(recorded, false, array[event_id], moved->'balancesAfter');
end
$function$;

revoke execute on function wallet_rollback(text, text, text, bigint, bigint, text, text) from public;
grant execute on function wallet_rollback(text, text, text, bigint, bigint, text, text) to casino_app;
