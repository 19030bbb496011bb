-- A group of new rounds written by one statement (issue 17 point 2,
-- docs/decisions/065-game-round-speed.md).
--
-- The in-house game server's rounds that arrive together go as one statement (decision 065), which
-- called wallet_bet_win once per round: each round then ran its own write statement, with about ten
-- inserts and updates, and the statement triggers that check what it wrote (the ledger's balance
-- per transfer, the games that rows name) ran once per round. About a tenth of PostgreSQL's time
-- in a round was those triggers.
--
-- wallet_bet_win_group plays a group: for each round, in the order of the players' ids, it takes
-- the player's lock (ledger_lock_player) and makes every check of a new round, as wallet_bet_win
-- does (0161), and plans the round from the locked balances; then one statement writes every
-- planned round: the transfers, their entries, the balance updates, the wallet records, the bet
-- rows, the SC bet days and events, and the GC play totals and recently played rows (0163). The
-- rows, values, ids' order, answers and events of each round are those wallet_bet_win writes and
-- answers for it alone.
--
-- - A round that is not new, or that a check refuses, goes through wallet_bet_win_checked on its
--   own, as in wallet_bet_win.
-- - A player's second round in the group is planned on the balances the first one left: the
--   rounds planned so far are written before it is looked at.
-- - A key another call holds (the same transaction id sent for two players at once) fails the
--   statement whole, as it failed wallet_bet_win: the group's rounds are then sent one by one.
-- - `p_lock_timeout`, when given, is the group's own lock timeout for the rest of its transaction,
--   set before the first lock (decision 065).

-- One planned round: the call's values, the player's accounts, the legs of its bet on them and
-- the balances before the bet, after it and after the win.
create type wallet_planned_round as (
  ord int, transaction_id text, fingerprint text, ledger_fingerprint text,
  win_transaction_id text, win_fingerprint text, win_ledger_fingerprint text,
  user_id bigint, game_id bigint, round_id text, coin text, amount bigint, win_amount bigint,
  id_gc bigint, id_bsc bigint, id_psc bigint, id_wsc bigint,
  d_gc bigint, d_bsc bigint, d_psc bigint, d_wsc bigint,
  coin_before bigint, before_bet jsonb, after_bet jsonb, after_win jsonb
);

-- Writes planned rounds (at most one per player) in one statement and answers each round's answer
-- by its ord.
create function wallet_write_planned_rounds(plans wallet_planned_round[])
returns table (ord int, answer jsonb)
language plpgsql as $$
#variable_conflict use_column
declare
  house_gc bigint := (select id from ledger_accounts where user_id is null and kind = 'GAME_PLAY' and coin = 'GC');
  house_sc bigint := (select id from ledger_accounts where user_id is null and kind = 'GAME_PLAY' and coin = 'SC');
  ords int[];
  answers jsonb[];
  missing int;
begin
  with
  plan as (select * from unnest(plans) with ordinality as p (
    ord, transaction_id, fingerprint, ledger_fingerprint, win_transaction_id, win_fingerprint, win_ledger_fingerprint,
    user_id, game_id, round_id, coin, amount, win_amount, id_gc, id_bsc, id_psc, id_wsc, d_gc, d_bsc, d_psc, d_wsc,
    coin_before, before_bet, after_bet, after_win, n)),
  -- Each round's bet transfer, then its win's (a loss moves nothing): ids in this order.
  planned_transfers as (
    select p.n, t.k, t.reason, t.idempotency_key, t.fingerprint, p.user_id, 'round:' || p.game_id || ':' || p.round_id as reference,
      t.gc_amount, t.sc_amount, t.balances_before, t.balances_after
    from plan p
    cross join lateral (values
      (1, 'bet', 'wallet:bet:' || p.transaction_id, p.ledger_fingerprint, p.d_gc, p.d_bsc + p.d_psc + p.d_wsc,
        p.before_bet, p.after_bet),
      (2, 'win', 'wallet:win:' || p.win_transaction_id, p.win_ledger_fingerprint,
        case when p.coin = 'GC' then p.win_amount else 0 end, case when p.coin = 'SC' then p.win_amount else 0 end,
        p.after_bet, p.after_win)
    ) as t (k, reason, idempotency_key, fingerprint, gc_amount, sc_amount, balances_before, balances_after)
    where t.reason = 'bet' or p.win_amount > 0
  ),
  transfers as (
    insert into ledger_transfers (
      idempotency_key, fingerprint, user_id, reason, reference, gc_amount, sc_amount, balances_before, balances_after)
    select idempotency_key, fingerprint, user_id, reason, reference, gc_amount, sc_amount, balances_before, balances_after
    from planned_transfers order by n, k
    -- A key another player's call holds waits for that call; the check below then fails the statement.
    on conflict (idempotency_key) do nothing
    returning id, idempotency_key
  ),
  moved as (
    select pt.n, pt.reason, t.id from planned_transfers pt join transfers t using (idempotency_key)
  ),
  entries as (
    insert into ledger_entries (transfer_id, account_id, coin, amount)
    select m.id, legs.account_id, legs.coin, legs.amount
    from moved m
    join plan p on p.n = m.n
    cross join lateral (values
      ('bet', p.id_gc, 'GC', p.d_gc), ('bet', p.id_bsc, 'SC', p.d_bsc), ('bet', p.id_psc, 'SC', p.d_psc),
      ('bet', p.id_wsc, 'SC', p.d_wsc),
      ('bet', case when p.coin = 'GC' then house_gc else house_sc end, p.coin, p.amount),
      ('win', case when p.coin = 'GC' then p.id_gc else p.id_wsc end, p.coin, p.win_amount),
      ('win', case when p.coin = 'GC' then house_gc else house_sc end, p.coin, -p.win_amount)
    ) as legs (reason, account_id, coin, amount)
    where legs.reason = m.reason and legs.amount <> 0
    order by m.id
  ),
  -- The round's whole movement on each of the player's accounts (an account left as it was gets
  -- no new row version).
  balances as (
    update ledger_accounts a
    set balance = a.balance + moves.amount
    from (
      select v.account_id, v.amount
      from plan p
      cross join lateral (values
        (p.id_gc, p.d_gc + case when p.coin = 'GC' then p.win_amount else 0 end),
        (p.id_bsc, p.d_bsc), (p.id_psc, p.d_psc),
        (p.id_wsc, p.d_wsc + case when p.coin = 'SC' then p.win_amount else 0 end)
      ) as v (account_id, amount)
      where v.amount <> 0
    ) moves
    where a.id = moves.account_id
  ),
  bet_days as (
    insert into responsible_play_bet_days (user_id, day, amount)
    select p.user_id, (now() at time zone 'UTC')::date, p.amount from plan p where p.coin = 'SC' order by p.user_id
    on conflict (user_id, day) do update set amount = responsible_play_bet_days.amount + excluded.amount
  ),
  records as (
    insert into casino_wallet_transactions (
      transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, ledger_transfer_id,
      balance_before, balance_after)
    select r.transaction_id, r.action, r.fingerprint, p.user_id, p.game_id, p.round_id, p.coin, r.amount, m.id,
      r.balance_before, r.balance_after
    from plan p
    cross join lateral (values
      (1, p.transaction_id, 'bet', p.fingerprint, p.amount, p.coin_before, p.coin_before - p.amount),
      (2, p.win_transaction_id, 'win', p.win_fingerprint, p.win_amount, p.coin_before - p.amount,
        p.coin_before - p.amount + p.win_amount)
    ) as r (k, transaction_id, action, fingerprint, amount, balance_before, balance_after)
    left join moved m on m.n = p.n and m.reason = r.action
    order by p.n, r.k
  ),
  -- An SC round's events (VIP progress and the rest follow from them); a GC round has none (0163).
  events as (
    insert into outbox_events (type, user_id, payload)
    select e.type, p.user_id, jsonb_build_object(
      'userId', p.user_id, 'gameId', p.game_id, 'roundId', p.round_id, 'coin', p.coin, 'amount', e.amount, 'transferId', m.id)
    from plan p
    cross join lateral (values (1, 'BetPlaced', 'bet', p.amount), (2, 'WinPaid', 'win', p.win_amount)) as e (k, type, reason, amount)
    left join moved m on m.n = p.n and m.reason = e.reason
    where p.coin = 'SC'
    order by p.n, e.k
    returning id, type, user_id
  ),
  -- Each round's bet row, written once and settled; another call that opened the same round at the
  -- same moment fails the statement on the round's unique key.
  bet_rows as (
    insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, win_amount, status, created_at, updated_at, won_at)
    select p.user_id, p.game_id, p.round_id, p.coin, p.amount, p.win_amount, 'settled', now(), now(),
      case when p.win_amount > 0 then now() end
    from plan p order by p.n
  ),
  totals as (
    insert into player_daily_totals (user_id, day, coin, wagered, won, rounds)
    select p.user_id, (now() at time zone 'UTC')::date, p.coin, p.amount, p.win_amount, 1
    from plan p where p.coin = 'GC' order by p.user_id
    on conflict (user_id, day, coin) do update set
      wagered = player_daily_totals.wagered + excluded.wagered,
      won = player_daily_totals.won + excluded.won,
      rounds = player_daily_totals.rounds + excluded.rounds
  ),
  recent as (
    insert into casino_recent_games (user_id, game_id, last_played_at)
    select p.user_id, p.game_id, now() from plan p where p.coin = 'GC' order by p.user_id, p.game_id
    on conflict (user_id, game_id) do update set last_played_at = greatest(casino_recent_games.last_played_at, excluded.last_played_at)
  )
  select
    array_agg(p.ord order by p.n),
    array_agg(jsonb_build_object(
      'bet', jsonb_build_object(
        'transactionId', p.transaction_id, 'coin', p.coin, 'balanceBefore', p.coin_before, 'balance', p.coin_before - p.amount,
        'replayed', false,
        'events', case when bet_event.id is null then '[]' else jsonb_build_array(bet_event.id) end,
        'balances', p.after_bet),
      'win', jsonb_build_object(
        'transactionId', p.win_transaction_id, 'coin', p.coin, 'balanceBefore', p.coin_before - p.amount,
        'balance', p.coin_before - p.amount + p.win_amount, 'replayed', false,
        'events', case when win_event.id is null then '[]' else jsonb_build_array(win_event.id) end,
        -- A loss changes no balance: nothing for the wallet socket to send.
        'balances', case when p.win_amount > 0 then p.after_win end)
    ) order by p.n),
    count(*) filter (where bet_move.id is null or (p.win_amount > 0 and win_move.id is null))
  into ords, answers, missing
  from plan p
  left join moved bet_move on bet_move.n = p.n and bet_move.reason = 'bet'
  left join moved win_move on win_move.n = p.n and win_move.reason = 'win'
  left join events bet_event on bet_event.user_id = p.user_id and bet_event.type = 'BetPlaced'
  left join events win_event on win_event.user_id = p.user_id and win_event.type = 'WinPaid';

  if missing > 0 then
    raise exception 'a round of this group: a ledger key of its transactions was taken without a wallet record';
  end if;
  return query select * from unnest(ords, answers);
end
$$;

create function wallet_bet_win_group(p_rounds jsonb, p_lock_timeout text default null)
returns table (ord int, answer jsonb)
language plpgsql as $$
#variable_conflict use_column
declare
  r record;
  a ledger_player_accounts;
  new_round boolean;
  plans wallet_planned_round[] := '{}';
  planned_players bigint[] := '{}';
  d_gc bigint; d_bsc bigint; d_psc bigint; d_wsc bigint;
  take bigint; remaining bigint; coin_before bigint;
begin
  if p_lock_timeout is not null then
    perform set_config('lock_timeout', p_lock_timeout, true);
  end if;
  for r in
    select * from jsonb_to_recordset(p_rounds) as rounds (
      ord int, transaction_id text, fingerprint text, ledger_fingerprint text,
      win_transaction_id text, win_fingerprint text, win_ledger_fingerprint text,
      user_id bigint, game_id bigint, round_id text, coin text, amount bigint, win_amount bigint)
    order by user_id, ord
  loop
    -- A player's second round: the rounds planned so far are written first, so that it is looked
    -- at on the balances (and the bet days) the first one left.
    if r.user_id = any(planned_players) then
      return query select * from wallet_write_planned_rounds(plans);
      plans := '{}';
      planned_players := '{}';
    end if;

    a := ledger_lock_player(r.user_id);
    new_round := false;
    d_gc := 0; d_bsc := 0; d_psc := 0; d_wsc := 0;
    -- A new round that every check lets through: the checks of wallet_bet_win (0161), in one query.
    if a is not null and r.amount > 0 and r.win_amount >= 0 then
      select
        not exists (select 1 from casino_wallet_transactions where transaction_id = r.transaction_id)
        and not exists (select 1 from casino_wallet_transactions where transaction_id = r.win_transaction_id)
        and not exists (select 1 from casino_wallet_transactions where rolls_back_transaction_id = r.transaction_id)
        and exists (select 1 from casino_games where id = r.game_id)
        and not exists (select 1 from casino_bets where game_id = r.game_id and round_id = r.round_id)
        and responsible_play_bet_refusal(r.user_id, r.coin, r.amount) is null
      into new_round;
      if new_round and r.coin = 'GC' and a.gc >= r.amount then
        d_gc := -r.amount;
        coin_before := a.gc;
      elsif new_round and r.coin = 'SC' and a.bsc + a.psc + a.wsc >= r.amount then
        -- The bet's legs: bonus SC first, then unplayed, then redeemable.
        remaining := r.amount;
        take := least(remaining, a.bsc); d_bsc := -take; remaining := remaining - take;
        take := least(remaining, a.psc); d_psc := -take; remaining := remaining - take;
        d_wsc := -remaining;
        coin_before := a.bsc + a.psc + a.wsc;
      else
        new_round := false;
      end if;
    end if;

    if new_round then
      plans := plans || row(
        r.ord, r.transaction_id, r.fingerprint, r.ledger_fingerprint,
        r.win_transaction_id, r.win_fingerprint, r.win_ledger_fingerprint,
        r.user_id, r.game_id, r.round_id, r.coin, r.amount, r.win_amount,
        a.id_gc, a.id_bsc, a.id_psc, a.id_wsc, d_gc, d_bsc, d_psc, d_wsc, coin_before,
        jsonb_build_object('gc', a.gc, 'bsc', a.bsc, 'psc', a.psc, 'wsc', a.wsc),
        jsonb_build_object('gc', a.gc + d_gc, 'bsc', a.bsc + d_bsc, 'psc', a.psc + d_psc, 'wsc', a.wsc + d_wsc),
        jsonb_build_object(
          'gc', a.gc + d_gc + case when r.coin = 'GC' then r.win_amount else 0 end,
          'bsc', a.bsc + d_bsc, 'psc', a.psc + d_psc,
          'wsc', a.wsc + d_wsc + case when r.coin = 'SC' then r.win_amount else 0 end)
      )::wallet_planned_round;
      planned_players := planned_players || r.user_id;
    else
      -- Not a new round, or one that a check refuses: wallet_bet_win's other paths, each with all its checks.
      ord := r.ord;
      answer := wallet_bet_win_checked(r.transaction_id, r.fingerprint, r.ledger_fingerprint,
        r.win_transaction_id, r.win_fingerprint, r.win_ledger_fingerprint,
        r.user_id, r.game_id, r.round_id, r.coin, r.amount, r.win_amount);
      return next;
    end if;
  end loop;
  if cardinality(plans) > 0 then
    return query select * from wallet_write_planned_rounds(plans);
  end if;
end
$$;
