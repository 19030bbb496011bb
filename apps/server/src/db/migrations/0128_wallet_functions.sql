-- The seamless wallet's calls in one database call each (issue 17 points 1 and 2,
-- docs/decisions/064-money-path-speed.md): the player's lock, the transaction-id check, the round
-- checks, the responsible-play checks, the ledger movement, the wallet's own records (transaction
-- row, round row, SC bet day) and the domain event in the outbox, in that order, in one function.
-- The rules are those of money/wallet/service.ts, which calls these functions and turns their
-- {"error": ...} answers into API errors. Every answer carries the outbox event ids it wrote, for
-- delivery after commit, and the player's balances after the call, for the wallet socket.

-- Bets refused by responsible play: an exclusion in force, or an SC bet past a bet
-- limit in force (a raise or removal counts once its pending_at has passed). Periods are the UTC
-- day, ISO week and month; the tightest limit passed is named. Null: allowed.
create function responsible_play_bet_refusal(p_user_id bigint, p_coin text, p_amount bigint) returns jsonb
language plpgsql stable as $$
declare
  exclusion record;
  today date := (now() at time zone 'UTC')::date;
  week_start date := date_trunc('week', now() at time zone 'UTC')::date;
  month_start date := date_trunc('month', now() at time zone 'UTC')::date;
  totals record;
  limit_row record;
  total bigint;
  left_over bigint;
  worst jsonb;
begin
  select kind, ends_at into exclusion
  from responsible_play_exclusions
  where user_id = p_user_id and starts_at <= now() and (ends_at is null or ends_at > now())
  order by ends_at desc nulls first, id desc
  limit 1;
  if found then
    return jsonb_build_object('error', 'PlayerExcluded', 'kind', exclusion.kind, 'until', exclusion.ends_at);
  end if;
  if p_coin <> 'SC' then return null; end if;

  for limit_row in
    select kind,
      case when pending_at is not null and pending_at <= now() then pending_amount else amount end as in_force
    from responsible_play_limits
    where user_id = p_user_id and kind in ('dailyBetLimit', 'weeklyBetLimit', 'monthlyBetLimit')
    order by case kind when 'dailyBetLimit' then 1 when 'weeklyBetLimit' then 2 else 3 end
  loop
    continue when limit_row.in_force is null;
    if totals is null then
      select
        coalesce(sum(amount) filter (where day >= today), 0) as daily,
        coalesce(sum(amount) filter (where day >= week_start), 0) as weekly,
        coalesce(sum(amount) filter (where day >= month_start), 0) as monthly
      into totals
      from responsible_play_bet_days
      where user_id = p_user_id and day >= least(week_start, month_start);
    end if;
    total := case limit_row.kind when 'dailyBetLimit' then totals.daily when 'weeklyBetLimit' then totals.weekly else totals.monthly end;
    left_over := greatest(0, limit_row.in_force - total);
    if p_amount > left_over and (worst is null or left_over < (worst->>'remaining')::bigint) then
      worst := jsonb_build_object('error', 'BetLimitReached', 'kind', limit_row.kind, 'limitAmount', limit_row.in_force, 'remaining', left_over);
    end if;
  end loop;
  return worst;
end
$$;

create function wallet_coin_balance(a ledger_player_accounts, p_coin text) returns bigint
language sql immutable as $$
  select case when p_coin = 'GC' then a.gc else a.bsc + a.psc + a.wsc end
$$;

create function wallet_answer(t casino_wallet_transactions, p_replayed boolean, p_events bigint[], p_balances jsonb) returns jsonb
language sql immutable as $$
  select jsonb_build_object(
    'transactionId', t.transaction_id, 'coin', t.coin, 'balanceBefore', t.balance_before,
    'balance', t.balance_after, 'replayed', p_replayed, 'events', to_jsonb(p_events), 'balances', p_balances)
$$;

create function wallet_event(p_type text, p_user_id bigint, p_payload jsonb) returns bigint
language sql as $$
  insert into outbox_events (type, user_id, payload) values (p_type, p_user_id, p_payload) returning id
$$;

-- The start of every wallet call: lock the player, answer a repeated transaction id with its
-- first answer (or refuse it for another request), check the game. Null: go on.
create function wallet_begin(
  a ledger_player_accounts, p_transaction_id text, p_fingerprint text, p_game_id bigint
) returns jsonb
language plpgsql as $$
declare
  earlier casino_wallet_transactions;
begin
  if a is null then return jsonb_build_object('error', 'NotFound', 'message', 'No such player.'); end if;
  select * into earlier from casino_wallet_transactions where transaction_id = p_transaction_id;
  if found then
    if earlier.fingerprint <> p_fingerprint then return jsonb_build_object('error', 'IdempotencyKeyReused'); end if;
    return wallet_answer(earlier, true, '{}', null);
  end if;
  perform 1 from casino_games where id = p_game_id;
  if not found then return jsonb_build_object('error', 'GameNotFound'); end if;
  return null;
end
$$;

create function wallet_bet(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint
) returns jsonb
language plpgsql as $$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  rnd casino_bets;
  refusal jsonb;
  moved jsonb;
  recorded casino_wallet_transactions;
  event_id bigint;
begin
  if early is not null then return early; end if;
  -- A rollback that arrived first cancels this bet before it happens.
  perform 1 from casino_wallet_transactions where rolls_back_transaction_id = p_transaction_id;
  if found then return jsonb_build_object('error', 'BetAlreadyRolledBack'); end if;
  select * into rnd from casino_bets where game_id = p_game_id and round_id = p_round_id;
  if found and (rnd.user_id <> p_user_id or rnd.coin <> p_coin) then return jsonb_build_object('error', 'RoundMismatch'); end if;
  if found and rnd.status <> 'open' then return jsonb_build_object('error', 'RoundClosed'); end if;
  refusal := responsible_play_bet_refusal(p_user_id, p_coin, p_amount);
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
  insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, status, created_at, updated_at)
  values (p_user_id, p_game_id, p_round_id, p_coin, p_amount, 'open', now(), now())
  on conflict (game_id, round_id) do update set bet_amount = casino_bets.bet_amount + excluded.bet_amount, updated_at = now();
  event_id := wallet_event('BetPlaced', p_user_id, jsonb_build_object(
    'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin, 'amount', p_amount,
    'transferId', (moved->>'transferId')::bigint));
  return wallet_answer(recorded, false, array[event_id], moved->'balancesAfter');
end
$$;

create function wallet_win(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint
) returns jsonb
language plpgsql as $$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  early jsonb := wallet_begin(a, p_transaction_id, p_fingerprint, p_game_id);
  rnd casino_bets;
  moved jsonb;
  v_transfer_id bigint;
  before_balance bigint := wallet_coin_balance(a, p_coin);
  after_balance bigint := before_balance;
  balances jsonb := ledger_balances_json(a);
  recorded casino_wallet_transactions;
  event_id bigint;
begin
  if early is not null then return early; end if;
  -- A win pays a round this player bet on, in the coin of that bet, once.
  select * into rnd from casino_bets where game_id = p_game_id and round_id = p_round_id;
  if not found then return jsonb_build_object('error', 'BetNotFound'); end if;
  if rnd.user_id <> p_user_id or rnd.coin <> p_coin then return jsonb_build_object('error', 'RoundMismatch'); end if;
  if rnd.status = 'rolled_back' then return jsonb_build_object('error', 'BetAlreadyRolledBack'); end if;
  if rnd.status = 'settled' then return jsonb_build_object('error', 'RoundClosed'); end if;

  -- A losing round closes without a movement.
  if p_amount > 0 then
    moved := ledger_move_locked(a, 'creditWin', p_user_id, 'win', 'wallet:win:' || p_transaction_id, p_ledger_fingerprint,
      p_coin, p_amount, null, null, 'round:' || p_game_id || ':' || p_round_id, null, null, null);
    if moved ? 'error' then return moved; end if;
    v_transfer_id := (moved->>'transferId')::bigint;
    balances := moved->'balancesAfter';
    after_balance := case when p_coin = 'GC' then (balances->>'gc')::bigint
      else (balances->>'bsc')::bigint + (balances->>'psc')::bigint + (balances->>'wsc')::bigint end;
    before_balance := case when p_coin = 'GC' then (moved->'balancesBefore'->>'gc')::bigint
      else (moved->'balancesBefore'->>'bsc')::bigint + (moved->'balancesBefore'->>'psc')::bigint + (moved->'balancesBefore'->>'wsc')::bigint end;
  end if;
  insert into casino_wallet_transactions (
    transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, ledger_transfer_id,
    balance_before, balance_after)
  values (
    p_transaction_id, 'win', p_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount, v_transfer_id,
    before_balance, after_balance)
  returning * into recorded;
  update casino_bets
  set win_amount = p_amount, status = 'settled', updated_at = now(), won_at = case when p_amount > 0 then now() else won_at end
  where id = rnd.id;
  event_id := wallet_event('WinPaid', p_user_id, jsonb_build_object(
    'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin, 'amount', p_amount,
    'transferId', v_transfer_id));
  -- A loss changes no balance: nothing for the wallet socket to send.
  return wallet_answer(recorded, false, array[event_id], case when p_amount > 0 then balances end);
end
$$;

create function wallet_rollback(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_bet_transaction_id text
) returns jsonb
language plpgsql as $$
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
$$;

-- An instant game's round (a slot spin, a scratch card): its bet and its win in one call, the
-- outcome decided before the bet is taken. The bet's refusals stop it; a repeated call answers
-- both first answers.
create function wallet_bet_win(
  p_transaction_id text, p_fingerprint text, p_ledger_fingerprint text,
  p_win_transaction_id text, p_win_fingerprint text, p_win_ledger_fingerprint text,
  p_user_id bigint, p_game_id bigint, p_round_id text, p_coin text, p_amount bigint, p_win_amount bigint
) returns jsonb
language plpgsql as $$
declare
  bet jsonb := wallet_bet(p_transaction_id, p_fingerprint, p_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount);
  win jsonb;
begin
  if bet ? 'error' then return bet; end if;
  win := wallet_win(p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_win_amount);
  -- Only a repeated bet can meet a refused win (a round that another win settled): the bet
  -- moved nothing this time, so the refusal is the answer.
  if win ? 'error' then return win; end if;
  return jsonb_build_object('bet', bet, 'win', win);
end
$$;
