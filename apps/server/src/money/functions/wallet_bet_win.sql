-- A new round is within its game's win limit, or it is not a new round
-- (docs/decisions/058-win-limits.md).
--
-- wallet_bet_win (0163) and wallet_bet_win_group (0164) write a new round that every check lets
-- through in one statement, without the checked round's function calls. One of those checks was
-- that the game exists; it is now that the game exists and the round's win is within its limit
-- (wallet_win_within_limit, 0178), one look-up of the game's row as before. A round above the
-- limit is then not a new round for them: it goes to wallet_bet_win_checked, which refuses it,
-- records it and raises its money alert (0178), as a round another check refuses goes there to
-- be refused. Everything else in both functions is unchanged.
create or replace function wallet_bet_win(
  p_transaction_id text,
  p_fingerprint text,
  p_ledger_fingerprint text,
  p_win_transaction_id text,
  p_win_fingerprint text,
  p_win_ledger_fingerprint text,
  p_user_id bigint,
  p_game_id bigint,
  p_round_id text,
  p_coin text,
  p_amount bigint,
  p_win_amount bigint
)
  returns jsonb
  language plpgsql
  security definer
  set search_path from current
as $function$
declare
  a ledger_player_accounts := ledger_lock_player(p_user_id);
  new_round boolean;
  -- The bet's legs on the player's accounts (SC: bonus first, then unplayed, then redeemable).
  d_gc bigint := 0; d_bsc bigint := 0; d_psc bigint := 0; d_wsc bigint := 0;
  take bigint; remaining bigint;
  -- The round's whole movement on the GC and redeemable SC accounts (the win lands on one of them).
  r_gc bigint; r_wsc bigint;
  -- The accounts whose balance the round changes (an account left as it was gets no new row version).
  moved_accounts bigint[];
  before_bet jsonb; after_bet jsonb; after_win jsonb;
  coin_before bigint; coin_after_bet bigint; coin_after_win bigint;
  v_reference text := 'round:' || p_game_id || ':' || p_round_id;
  bet_transfer bigint; win_transfer bigint; bet_event bigint; win_event bigint;
begin
  -- A new round that every check lets through: one query for all of them.
  if a is not null and p_amount > 0 and p_win_amount >= 0 then
    select
      -- One look-up per key, each by its unique index (an OR of them was planned as a scan).
      not exists (select 1 from casino_wallet_transactions where transaction_id = p_transaction_id)
      and not exists (select 1 from casino_wallet_transactions where transaction_id = p_win_transaction_id)
      and not exists (select 1 from casino_wallet_transactions where rolls_back_transaction_id = p_transaction_id)
      -- The game exists and the win is within its limit (0178).
      and wallet_win_within_limit(p_game_id, p_amount, p_win_amount)
      and not exists (select 1 from casino_bets where game_id = p_game_id and round_id = p_round_id)
      and responsible_play_bet_refusal(p_user_id, p_coin, p_amount) is null
    into new_round;
    if new_round and p_coin = 'GC' and a.gc >= p_amount then
      d_gc := -p_amount;
      coin_before := a.gc;
    elsif new_round and p_coin = 'SC' and a.bsc + a.psc + a.wsc >= p_amount then
      remaining := p_amount;
      take := least(remaining, a.bsc); d_bsc := -take; remaining := remaining - take;
      take := least(remaining, a.psc); d_psc := -take; remaining := remaining - take;
      d_wsc := -remaining;
      coin_before := a.bsc + a.psc + a.wsc;
    else
      new_round := false;
    end if;
  end if;

  if new_round then
    coin_after_bet := coin_before - p_amount;
    coin_after_win := coin_after_bet + p_win_amount;
    r_gc := d_gc + case when p_coin = 'GC' then p_win_amount else 0 end;
    r_wsc := d_wsc + case when p_coin = 'SC' then p_win_amount else 0 end;
    moved_accounts := array_remove(array[
      case when r_gc <> 0 then a.id_gc end, case when d_bsc <> 0 then a.id_bsc end,
      case when d_psc <> 0 then a.id_psc end, case when r_wsc <> 0 then a.id_wsc end], null);
    before_bet := jsonb_build_object('gc', a.gc, 'bsc', a.bsc, 'psc', a.psc, 'wsc', a.wsc);
    after_bet := jsonb_build_object('gc', a.gc + d_gc, 'bsc', a.bsc + d_bsc, 'psc', a.psc + d_psc, 'wsc', a.wsc + d_wsc);
    after_win := jsonb_build_object('gc', a.gc + r_gc, 'bsc', a.bsc + d_bsc, 'psc', a.psc + d_psc, 'wsc', a.wsc + r_wsc);

    with
    -- The bet's transfer, then the win's (a loss moves nothing): one insert, ids in this order.
    transfers as (
      insert into ledger_transfers (
        idempotency_key, fingerprint, user_id, reason, reference, gc_amount, sc_amount, balances_before, balances_after)
      select * from (values
        ('wallet:bet:' || p_transaction_id, p_ledger_fingerprint, p_user_id, 'bet', v_reference,
          d_gc, d_bsc + d_psc + d_wsc, before_bet, after_bet),
        ('wallet:win:' || p_win_transaction_id, p_win_ledger_fingerprint, p_user_id, 'win', v_reference,
          case when p_coin = 'GC' then p_win_amount else 0 end, case when p_coin = 'SC' then p_win_amount else 0 end,
          after_bet, after_win)
      ) as planned (idempotency_key, fingerprint, user_id, reason, reference, gc_amount, sc_amount, balances_before, balances_after)
      where planned.reason = 'bet' or p_win_amount > 0
      -- A key another player's call holds (the same transaction id sent for two players at once)
      -- waits for that call; the wallet record's key then fails this statement, as in 0155.
      on conflict (idempotency_key) do nothing
      returning id, reason
    ),
    house as (
      select id from ledger_accounts where user_id is null and kind = 'GAME_PLAY' and coin = p_coin
    ),
    entries as (
      insert into ledger_entries (transfer_id, account_id, coin, amount)
      select t.id, legs.account_id, legs.coin, legs.amount
      from transfers t
      join (
        values ('bet', a.id_gc, 'GC', d_gc), ('bet', a.id_bsc, 'SC', d_bsc), ('bet', a.id_psc, 'SC', d_psc),
               ('bet', a.id_wsc, 'SC', d_wsc), ('bet', (select id from house), p_coin, p_amount),
               ('win', case when p_coin = 'GC' then a.id_gc else a.id_wsc end, p_coin, p_win_amount),
               ('win', (select id from house), p_coin, -p_win_amount)
      ) as legs (reason, account_id, coin, amount) on legs.reason = t.reason
      where legs.amount <> 0
    ),
    balances as (
      update ledger_accounts
      set balance = balance + case id when a.id_gc then r_gc when a.id_bsc then d_bsc when a.id_psc then d_psc else r_wsc end
      where id = any(moved_accounts)
    ),
    bet_day as (
      insert into responsible_play_bet_days (user_id, day, amount)
      select p_user_id, (now() at time zone 'UTC')::date, p_amount where p_coin = 'SC'
      on conflict (user_id, day) do update set amount = responsible_play_bet_days.amount + excluded.amount
    ),
    records as (
      insert into casino_wallet_transactions (
        transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, ledger_transfer_id,
        balance_before, balance_after)
      values
        (p_transaction_id, 'bet', p_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_amount,
          (select id from transfers where reason = 'bet'), coin_before, coin_after_bet),
        (p_win_transaction_id, 'win', p_win_fingerprint, p_user_id, p_game_id, p_round_id, p_coin, p_win_amount,
          (select id from transfers where reason = 'win'), coin_after_bet, coin_after_win)
    ),
    -- An SC round's events: VIP progress, play totals, recently played, live winners and the
    -- wallet socket follow from them, as before.
    events as (
      insert into outbox_events (type, user_id, payload)
      select type, p_user_id, payload from (values
        ('BetPlaced', jsonb_build_object(
          'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin, 'amount', p_amount,
          'transferId', (select id from transfers where reason = 'bet'))),
        ('WinPaid', jsonb_build_object(
          'userId', p_user_id, 'gameId', p_game_id, 'roundId', p_round_id, 'coin', p_coin, 'amount', p_win_amount,
          'transferId', (select id from transfers where reason = 'win')))
      ) as written (type, payload)
      where p_coin = 'SC'
      returning id, type
    ),
    -- A GC round's play totals and recently played row, as the delivery of its events wrote them
    -- (play-totals.ts, recently-played-subscriber.ts): its bet counts a round, a win adds to won.
    totals as (
      insert into player_daily_totals (user_id, day, coin, wagered, won, rounds)
      select p_user_id, (now() at time zone 'UTC')::date, p_coin, p_amount, p_win_amount, 1
      where p_coin = 'GC'
      on conflict (user_id, day, coin) do update set
        wagered = player_daily_totals.wagered + excluded.wagered,
        won = player_daily_totals.won + excluded.won,
        rounds = player_daily_totals.rounds + excluded.rounds
    ),
    recent as (
      insert into casino_recent_games (user_id, game_id, last_played_at)
      select p_user_id, p_game_id, now()
      where p_coin = 'GC'
      on conflict (user_id, game_id) do update set last_played_at = greatest(casino_recent_games.last_played_at, excluded.last_played_at)
    ),
    -- The round's bet row, written once and settled; another call that opened this round at the
    -- same moment fails this statement on the round's unique key.
    bet_row as (
      insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, win_amount, status, created_at, updated_at, won_at)
      values (p_user_id, p_game_id, p_round_id, p_coin, p_amount, p_win_amount, 'settled', now(), now(),
        case when p_win_amount > 0 then now() end)
    )
    select
      (select id from transfers where reason = 'bet'), (select id from transfers where reason = 'win'),
      (select id from events where type = 'BetPlaced'), (select id from events where type = 'WinPaid')
    into bet_transfer, win_transfer, bet_event, win_event;
    if bet_transfer is null or (p_win_amount > 0 and win_transfer is null) then
      raise exception 'round % of game %: a ledger key of its transactions was taken without a wallet record', p_round_id, p_game_id;
    end if;

    return jsonb_build_object(
      'bet', jsonb_build_object(
        'transactionId', p_transaction_id, 'coin', p_coin, 'balanceBefore', coin_before, 'balance', coin_after_bet,
        'replayed', false, 'events', case when bet_event is null then '[]' else jsonb_build_array(bet_event) end, 'balances', after_bet),
      'win', jsonb_build_object(
        'transactionId', p_win_transaction_id, 'coin', p_coin, 'balanceBefore', coin_after_bet, 'balance', coin_after_win,
        'replayed', false, 'events', case when win_event is null then '[]' else jsonb_build_array(win_event) end,
        -- A loss changes no balance: nothing for the wallet socket to send.
        'balances', case when p_win_amount > 0 then after_win end));
  end if;

  -- Not a new round, or one that a check refuses: 0155's paths, each with all its checks.
  return wallet_bet_win_checked(p_transaction_id, p_fingerprint, p_ledger_fingerprint,
    p_win_transaction_id, p_win_fingerprint, p_win_ledger_fingerprint,
    p_user_id, p_game_id, p_round_id, p_coin, p_amount, p_win_amount);
end
$function$;

revoke execute on function wallet_bet_win(text, text, text, text, text, text, bigint, bigint, text, text, bigint, bigint) from public;
grant execute on function wallet_bet_win(text, text, text, text, text, text, bigint, bigint, text, text, bigint, bigint) to casino_app;
