-- An instant game's round in one pass (docs/decisions/065-game-round-speed.md).
--
-- wallet_bet_win used to be wallet_bet followed by wallet_win: the player locked and their five
-- accounts read twice, the transaction id and the game checked twice, the round row read twice,
-- inserted open and then updated settled (a second row version with its index entries). A new
-- round, the case of every round the in-house game server plays, now takes one lock, makes each
-- check once and writes its round row once, settled. The answer, the rows, the ledger transfers
-- and the events are those of the two calls: the same bet and win records, the same BetPlaced and
-- WinPaid events, the same refusals.
--
-- What a bet and a win do once their checks have passed is one function each (wallet_take_bet,
-- wallet_pay_win), used by wallet_bet, wallet_win and the new round alike. Anything but a new
-- round (a repeated bet id, a round that already has a bet, a bet a rollback came ahead of, a win
-- id used before) goes through wallet_bet and wallet_win, so a replay answers as it always did.

-- A bet of a call that holds the player's lock (`a`) and passed the round's checks: responsible
-- play, the ledger's debit, the SC bet day, the wallet's record and the BetPlaced event. Answers
-- the wallet's answer, or a refusal (funds: with the BetRefused event it commits).
create function wallet_take_bet(
  a ledger_player_accounts, p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint
) returns jsonb
language plpgsql as $$
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
$$;

-- A win of a call that holds the player's lock (`a`) and passed the round's checks: the ledger's
-- credit (none for a loss, which closes the round without a movement), the wallet's record and
-- the WinPaid event. Answers the wallet's answer, or the ledger's refusal.
create function wallet_pay_win(
  a ledger_player_accounts, p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint
) returns jsonb
language plpgsql as $$
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
$$;

create or replace function wallet_bet(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint
) returns jsonb
language plpgsql as $$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  rnd casino_bets;
  answer jsonb;
begin
  if early is not null then return early; end if;
  -- A rollback that arrived first cancels this bet before it happens.
  perform 1 from casino_wallet_transactions where rolls_back_transaction_id = p_transaction_id;
  if found then return jsonb_build_object('error', 'BetAlreadyRolledBack'); end if;
  select * into rnd from casino_bets where game_id = p_game_id and round_id = p_round_id;
  if found and (rnd.user_id <> p_user_id or rnd.coin <> p_coin) then return jsonb_build_object('error', 'RoundMismatch'); end if;
  if found and rnd.status <> 'open' then return jsonb_build_object('error', 'RoundClosed'); end if;
  answer := wallet_take_bet(a, p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
  if answer ? 'error' then return answer; end if;
  insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, status, created_at, updated_at)
  values (p_user_id, p_game_id, p_round_id, p_coin, p_amount, 'open', now(), now())
  on conflict (game_id, round_id) do update set bet_amount = casino_bets.bet_amount + excluded.bet_amount, updated_at = now();
  return answer;
end
$$;

create or replace function wallet_win(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint
) returns jsonb
language plpgsql as $$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  rnd casino_bets;
  answer jsonb;
begin
  if early is not null then return early; end if;
  -- A win pays a round this player bet on, in the coin of that bet, once.
  select * into rnd from casino_bets where game_id = p_game_id and round_id = p_round_id;
  if not found then return jsonb_build_object('error', 'BetNotFound'); end if;
  if rnd.user_id <> p_user_id or rnd.coin <> p_coin then return jsonb_build_object('error', 'RoundMismatch'); end if;
  if rnd.status = 'rolled_back' then return jsonb_build_object('error', 'BetAlreadyRolledBack'); end if;
  if rnd.status = 'settled' then return jsonb_build_object('error', 'RoundClosed'); end if;
  answer := wallet_pay_win(a, p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
  if answer ? 'error' then return answer; end if;
  update casino_bets
  set win_amount = p_amount, status = 'settled', updated_at = now(), won_at = case when p_amount > 0 then now() else won_at end
  where id = rnd.id;
  return answer;
end
$$;

create or replace function wallet_bet_win(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_win_transaction_id text, p_win_fingerprint text, p_win_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint, p_win_amount bigint
) returns jsonb
language plpgsql as $$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  after_bet ledger_player_accounts;
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

  -- A new round of this player: its bet, then its win from the balances the bet left.
  bet := wallet_take_bet(a, p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
  if bet ? 'error' then return bet; end if;
  after_bet := a;
  after_bet.gc := (bet->'balances'->>'gc')::bigint;
  after_bet.bsc := (bet->'balances'->>'bsc')::bigint;
  after_bet.psc := (bet->'balances'->>'psc')::bigint;
  after_bet.wsc := (bet->'balances'->>'wsc')::bigint;
  win := wallet_pay_win(after_bet, p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint,
    p_user_id, p_game_id, p_round_id, p_coin, p_win_amount);
  -- A win credits an account: only a broken invariant refuses it, and the whole call with it.
  if win ? 'error' then raise exception 'a new round''s win was refused: %', win; end if;
  -- The round's bet row, written once and settled. Another call that opened this round at the
  -- same moment (another player's lock, so not excluded by ours) makes this call fail whole.
  insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, win_amount, status, created_at, updated_at, won_at)
  values (p_user_id, p_game_id, p_round_id, p_coin, p_amount, p_win_amount, 'settled', now(), now(),
    case when p_win_amount > 0 then now() end)
  on conflict (game_id, round_id) do nothing
  returning id into bet_row_id;
  if bet_row_id is null then raise exception 'round % of game % was opened by another call at the same time', p_round_id, p_game_id; end if;
  return jsonb_build_object('bet', bet, 'win', win);
end
$$;
