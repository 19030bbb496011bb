-- An instant game's round in one pass (issue 17 point 2, docs/decisions/028-round-in-one-pass.md).
--
-- wallet_bet_win used to be wallet_bet followed by wallet_win: the player locked and their five
-- accounts read twice, the transaction id and the game checked twice, the round row read twice,
-- inserted open and then updated settled (a second row version with its index entries). A new
-- round, the case of every round the in-house game server plays, now takes one lock, makes each
-- check once and writes its round row once, settled. The answer, the rows, the ledger transfers
-- and the events are those of the two calls: the same bet and win records, the same BetPlaced and
-- WinPaid events, the same refusals.
--
-- Anything else (a repeated bet id, a round that already has a bet, a bet a rollback came ahead
-- of, a win id used before) goes through wallet_bet and wallet_win exactly as before, so a replay
-- answers as it always did.
create or replace function wallet_bet_win(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_win_transaction_id text, p_win_fingerprint text, p_win_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint, p_win_amount bigint
) returns jsonb
language plpgsql as $$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  reference text := 'round:' || p_game_id || ':' || p_round_id;
  refusal jsonb;
  bet_moved jsonb;
  win_moved jsonb;
  after_bet ledger_player_accounts;
  balances jsonb;
  bet_record casino_wallet_transactions;
  win_record casino_wallet_transactions;
  bet_event bigint;
  win_event bigint;
  bet_row_id bigint;
  bet jsonb;
  win jsonb;
begin
  if early is null then
    perform 1 from casino_wallet_transactions
    where rolls_back_transaction_id = p_transaction_id or transaction_id = p_win_transaction_id;
    if not found then
      perform 1 from casino_bets where game_id = p_game_id and round_id = p_round_id;
    end if;
  end if;
  if early is not null or found then
    -- Not a new round: the two calls, each with all its checks.
    bet := wallet_bet(p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
    if bet ? 'error' then return bet; end if;
    win := wallet_win(p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_win_amount);
    -- Only a repeated bet can meet a refused win (a round that another win settled): the bet
    -- moved nothing this time, so the refusal is the answer.
    if win ? 'error' then return win; end if;
    return jsonb_build_object('bet', bet, 'win', win);
  end if;

  -- A new round of this player: the bet, as wallet_bet takes it.
  refusal := responsible_play_bet_refusal(p_user_id, p_coin, p_amount);
  if refusal is not null then return refusal; end if;
  bet_moved := ledger_move_locked(a, 'debitBet', p_user_id, 'bet', 'wallet:bet:' || p_transaction_id, p_ledger_fingerprint,
    p_coin, p_amount, null, null, reference, null, null, null);
  if bet_moved ? 'error' then
    if bet_moved->>'error' = 'InsufficientBalance' then
      bet_event := wallet_event('BetRefused', p_user_id, jsonb_build_object('userId', p_user_id, 'coin', p_coin));
      return bet_moved || jsonb_build_object('events', jsonb_build_array(bet_event));
    end if;
    return bet_moved;
  end if;
  if p_coin = 'SC' then
    insert into responsible_play_bet_days (user_id, day, amount)
    values (p_user_id, (now() at time zone 'UTC')::date, p_amount)
    on conflict (user_id, day) do update set amount = responsible_play_bet_days.amount + excluded.amount;
  end if;
  after_bet := a;
  after_bet.gc := (bet_moved->'balancesAfter'->>'gc')::bigint;
  after_bet.bsc := (bet_moved->'balancesAfter'->>'bsc')::bigint;
  after_bet.psc := (bet_moved->'balancesAfter'->>'psc')::bigint;
  after_bet.wsc := (bet_moved->'balancesAfter'->>'wsc')::bigint;
  insert into casino_wallet_transactions (
    transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, ledger_transfer_id,
    balance_before, balance_after)
  values (
    p_transaction_id, 'bet', p_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount,
    (bet_moved->>'transferId')::bigint, wallet_coin_balance(a, p_coin), wallet_coin_balance(after_bet, p_coin))
  returning * into bet_record;
  bet_event := wallet_event('BetPlaced', p_user_id, jsonb_build_object(
    'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin, 'amount', p_amount,
    'transferId', (bet_moved->>'transferId')::bigint));

  -- Its win, as wallet_win pays it: a loss closes the round without a movement.
  balances := bet_moved->'balancesAfter';
  if p_win_amount > 0 then
    win_moved := ledger_move_locked(after_bet, 'creditWin', p_user_id, 'win', 'wallet:win:' || p_win_transaction_id,
      p_win_ledger_fingerprint, p_coin, p_win_amount, null, null, reference, null, null, null);
    -- A win credits an account: only a broken invariant refuses it, and the whole call with it.
    if win_moved ? 'error' then raise exception 'a new round''s win was refused: %', win_moved; end if;
    balances := win_moved->'balancesAfter';
  end if;
  insert into casino_wallet_transactions (
    transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, ledger_transfer_id,
    balance_before, balance_after)
  values (
    p_win_transaction_id, 'win', p_win_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_win_amount,
    (win_moved->>'transferId')::bigint,
    wallet_coin_balance(after_bet, p_coin),
    case when p_coin = 'GC' then (balances->>'gc')::bigint
      else (balances->>'bsc')::bigint + (balances->>'psc')::bigint + (balances->>'wsc')::bigint end)
  returning * into win_record;
  -- The round's bet row, written once and settled. Another call that opened this round at the
  -- same moment (another player's lock, so not excluded by ours) makes this call fail whole.
  insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, win_amount, status, created_at, updated_at, won_at)
  values (p_user_id, p_game_id, p_round_id, p_coin, p_amount, p_win_amount, 'settled', now(), now(),
    case when p_win_amount > 0 then now() end)
  on conflict (game_id, round_id) do nothing
  returning id into bet_row_id;
  if bet_row_id is null then raise exception 'round % of game % was opened by another call at the same time', p_round_id, p_game_id; end if;
  win_event := wallet_event('WinPaid', p_user_id, jsonb_build_object(
    'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin, 'amount', p_win_amount,
    'transferId', (win_moved->>'transferId')::bigint));
  return jsonb_build_object(
    'bet', wallet_answer(bet_record, false, array[bet_event], bet_moved->'balancesAfter'),
    -- A loss changes no balance: nothing for the wallet socket to send.
    'win', wallet_answer(win_record, false, array[win_event], case when p_win_amount > 0 then balances end));
end
$$;
