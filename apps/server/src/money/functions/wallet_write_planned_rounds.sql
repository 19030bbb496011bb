-- Writes rounds that wallet_plan_round planned (at most one per player, each under its player's
-- lock) in one statement: the ledger's transfers, entries and balances through ledger_write, then
-- each round's wallet records, settled bet row, SC bet day and events, GC play totals and recently
-- played row. Answers each round's answer by its ord, the one wallet_bet_win would give it alone.
-- One statement, so the statement triggers that check what was written run once for all the rounds.
-- A ledger key another call took, or a round another call opened at the same moment, fails the
-- statement whole. Called by wallet_bet_win and wallet_bet_win_group; SECURITY DEFINER and the
-- owner's alone: it trusts the plans it is handed.
create or replace function wallet_write_planned_rounds(plans wallet_planned_round[])
  returns table(ord integer, answer jsonb)
  language plpgsql
  security definer
  set search_path from current
as $function$
#variable_conflict use_column
declare
  transfers ledger_planned_transfer[];
  legs ledger_planned_leg[];
  moved_n int[];
  moved_id bigint[];
  ords int[];
  answers jsonb[];
  missing int;
begin
  -- The ledger's part, written by ledger_write: round n's bet is transfer 2n - 1, its win transfer
  -- 2n (a loss moves nothing). The bet's legs leave the player's accounts for the house's
  -- GAME_PLAY account of the coin, the win's come back to GC or redeemable SC.
  with
  plan as (select * from unnest(plans) with ordinality as p (
    ord, transaction_id, fingerprint, ledger_fingerprint, win_transaction_id, win_fingerprint, win_ledger_fingerprint,
    user_id, game_id, round_id, coin, amount, win_amount, id_gc, id_bsc, id_psc, id_wsc, d_gc, d_bsc, d_psc, d_wsc,
    coin_before, before_bet, after_bet, after_win, n)),
  house as (
    select coin, id from ledger_accounts where user_id is null and kind = 'GAME_PLAY' and coin in ('GC', 'SC')
  )
  select
    (select array_agg(row(2 * p.n - 2 + t.k, t.idempotency_key, t.fingerprint, p.user_id, t.reason,
        'round:' || p.game_id || ':' || p.round_id, null, null, t.gc_amount, t.sc_amount, t.balances_before,
        t.balances_after)::ledger_planned_transfer order by p.n, t.k)
      from plan p
      cross join lateral (values
        (1, 'bet', 'wallet:bet:' || p.transaction_id, p.ledger_fingerprint, p.d_gc, p.d_bsc + p.d_psc + p.d_wsc,
          p.before_bet, p.after_bet),
        (2, 'win', 'wallet:win:' || p.win_transaction_id, p.win_ledger_fingerprint,
          case when p.coin = 'GC' then p.win_amount else 0 end, case when p.coin = 'SC' then p.win_amount else 0 end,
          p.after_bet, p.after_win)
      ) as t (k, reason, idempotency_key, fingerprint, gc_amount, sc_amount, balances_before, balances_after)
      where t.reason = 'bet' or p.win_amount > 0),
    (select array_agg(row(2 * p.n - 2 + l.k, l.account_id, l.coin, l.amount, l.player)::ledger_planned_leg)
      from plan p
      join house h on h.coin = p.coin
      cross join lateral (values
        (1, p.id_gc, 'GC', p.d_gc, true), (1, p.id_bsc, 'SC', p.d_bsc, true), (1, p.id_psc, 'SC', p.d_psc, true),
        (1, p.id_wsc, 'SC', p.d_wsc, true), (1, h.id, p.coin, p.amount, false),
        (2, case when p.coin = 'GC' then p.id_gc else p.id_wsc end, p.coin, p.win_amount, true),
        (2, h.id, p.coin, -p.win_amount, false)
      ) as l (k, account_id, coin, amount, player)
      where l.amount <> 0)
  into transfers, legs;

  -- A key another player's call holds waits for that call and is not written: the check below
  -- then fails the statement.
  select array_agg(w.n), array_agg(w.transfer_id) into moved_n, moved_id from ledger_write(transfers, legs) w;

  -- The rest of each round: the wallet's records, the bet rows, the SC bet days and events, the GC
  -- play totals and recently played rows.
  with
  plan as (select * from unnest(plans) with ordinality as p (
    ord, transaction_id, fingerprint, ledger_fingerprint, win_transaction_id, win_fingerprint, win_ledger_fingerprint,
    user_id, game_id, round_id, coin, amount, win_amount, id_gc, id_bsc, id_psc, id_wsc, d_gc, d_bsc, d_psc, d_wsc,
    coin_before, before_bet, after_bet, after_win, n)),
  moved as (
    select (m.n + 1) / 2 as n, case when m.n % 2 = 1 then 'bet' else 'win' end as reason, m.id
    from unnest(moved_n, moved_id) as m (n, id)
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
  -- An SC round's events (VIP progress and the rest follow from them); a GC round has none: its
  -- play totals and recently played row are written below instead.
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
$function$;

revoke execute on function wallet_write_planned_rounds(wallet_planned_round[]) from public;
