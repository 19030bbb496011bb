-- One database call per ledger movement (docs/decisions/064-money-path-speed.md).
--
-- A movement used to be eight to twelve statements sent one by one from Node (lock, key look-up,
-- house ids, transfer, entries, one update per account), each a round trip with the player's row
-- locks held in between. These functions run the same steps inside the database: the server sends
-- one `select ledger_move(...)` and gets the result. On its own (autocommit) the call is its own
-- transaction, so the player's locks are held for that call only; inside a business action's
-- transaction it joins that transaction like any statement. The same SQL runs on PGlite.
--
-- Refusals (insufficient funds, a key reused for another request, no such bet) are answered as
-- values, {"error": name, ...}, never raised: an action may commit what it decided around a
-- refusal (a refused bet commits its BetRefused event), and a raise would abort its transaction.
-- A raise means a broken invariant (an unbalanced plan, a bet with another player's entries).

-- The player's five accounts, locked, as one value: ids and balances.
create type ledger_player_accounts as (
  id_gc bigint, id_bsc bigint, id_psc bigint, id_wsc bigint, id_pending bigint,
  gc bigint, bsc bigint, psc bigint, wsc bigint, pending bigint
);

-- Takes the player's lock and reads their five accounts (created on first use). The lock is one
-- row, the player's GC account, taken `for no key update` by every movement of the player before
-- anything else: so movements of one player run one after the other, and each reads the balances
-- the previous one committed (READ COMMITTED: every statement after the lock sees them). One row
-- locked instead of five: a row lock is written to the WAL, and the commit that follows waits for
-- it. The rows a movement changes are locked again by its update. Null when there is no such player.
create function ledger_lock_player(p_user_id bigint) returns ledger_player_accounts
language plpgsql as $$
declare
  result ledger_player_accounts;
  account record;
  found_count int;
begin
  for attempt in 1..2 loop
    -- The player's lock: their GC account row. Every movement of the player takes it first.
    perform 1 from ledger_accounts where user_id = p_user_id and kind = 'GC' for no key update;
    if found then
      found_count := 0;
      for account in select id, kind, balance from ledger_accounts where user_id = p_user_id loop
        found_count := found_count + 1;
        case account.kind
          when 'GC' then result.id_gc := account.id; result.gc := account.balance;
          when 'SC_BONUS' then result.id_bsc := account.id; result.bsc := account.balance;
          when 'SC_UNPLAYED' then result.id_psc := account.id; result.psc := account.balance;
          when 'SC_REDEEMABLE' then result.id_wsc := account.id; result.wsc := account.balance;
          when 'SC_PENDING_REDEMPTION' then result.id_pending := account.id; result.pending := account.balance;
        end case;
      end loop;
      if found_count = 5 then return result; end if;
    end if;
    if attempt = 2 then raise exception 'player % has % ledger accounts after creating them', p_user_id, found_count; end if;
    perform 1 from users where id = p_user_id;
    if not found then return null; end if;
    insert into ledger_accounts (user_id, kind, coin, balance)
    select p_user_id, kinds.kind, kinds.coin, 0
    from (values ('GC', 'GC'), ('SC_BONUS', 'SC'), ('SC_UNPLAYED', 'SC'), ('SC_REDEEMABLE', 'SC'), ('SC_PENDING_REDEMPTION', 'SC'))
      as kinds (kind, coin)
    on conflict do nothing;
  end loop;
  return result;
end
$$;

-- The balances a transfer records and a replay returns (pending redemption is not spendable).
create function ledger_balances_json(a ledger_player_accounts) returns jsonb
language sql immutable as $$
  select jsonb_build_object('gc', a.gc, 'bsc', a.bsc, 'psc', a.psc, 'wsc', a.wsc)
$$;

create function ledger_transfer_result(t ledger_transfers, p_replayed boolean) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'transferId', t.id, 'replayed', p_replayed, 'userId', t.user_id,
    'balancesBefore', t.balances_before, 'balancesAfter', t.balances_after)
$$;

-- A refusal, unless the key was used before: then that first result (or its refusal as reused).
create function ledger_replay_or(p_key text, p_fingerprint text, p_answer jsonb) returns jsonb
language plpgsql stable as $$
declare
  known ledger_transfers;
begin
  select * into known from ledger_transfers where idempotency_key = p_key;
  if not found then return p_answer; end if;
  if known.fingerprint <> p_fingerprint then return jsonb_build_object('error', 'IdempotencyKeyReused'); end if;
  return ledger_transfer_result(known, true);
end
$$;

-- A movement of a player whose accounts the caller locked with ledger_lock_player in this
-- transaction. Operations and their legs (docs/ARCHITECTURE.md 'The money core'):
--   creditBonus       PROMOTIONS -> GC (p_gc), SC_BONUS (p_sc)
--   creditPurchase    PURCHASES -> GC (p_gc), SC_UNPLAYED (p_sc)
--   debitBet          GC, or SC from bonus, then unplayed, then redeemable -> GAME_PLAY (p_amount)
--   creditWin         GAME_PLAY -> GC or SC_REDEEMABLE (p_amount; zero records a transfer only)
--   rollbackBet       the entries of the bet under p_reverses_key, reversed (once per bet)
--   moveToPendingRedemption    SC_REDEEMABLE -> SC_PENDING_REDEMPTION (p_amount)
--   releasePendingRedemption   SC_PENDING_REDEMPTION -> PAYOUTS (reason redemption_paid) or back
--                              to SC_REDEEMABLE (cancelled, failed)
--   adjustment        ADJUSTMENTS <-> one player account p_account, signed p_amount (back office)
create function ledger_move_locked(
  a ledger_player_accounts,
  p_operation text,
  p_user_id bigint,
  p_reason text,
  p_key text,
  p_fingerprint text,
  p_coin text,
  p_amount bigint,
  p_gc bigint,
  p_sc bigint,
  p_reference text,
  p_details jsonb,
  p_reverses_key text,
  p_account text
) returns jsonb
language plpgsql as $$
declare
  known ledger_transfers;
  bet ledger_transfers;
  earlier ledger_transfers;
  d_gc bigint := 0; d_bsc bigint := 0; d_psc bigint := 0; d_wsc bigint := 0; d_pending bigint := 0;
  -- House legs: kind, coin and amount, in step.
  h_kind text[] := '{}'; h_coin text[] := '{}'; h_amount bigint[] := '{}';
  take bigint; remaining bigint;
  after_state ledger_player_accounts;
  v_transfer_id bigint;
  reverses_id bigint;
  gc_sum bigint; sc_sum bigint;
begin
  -- A repeated key is found by the transfer's unique index when the transfer is written (below),
  -- not by a look-up first: under the player's lock a movement of this player with this key has
  -- committed or never will. A plan that refuses looks for it first, so a replay is answered as
  -- its first result even when the balances have moved since.
  case p_operation
    when 'creditBonus', 'creditPurchase' then
      d_gc := p_gc;
      if p_operation = 'creditBonus' then d_bsc := p_sc; else d_psc := p_sc; end if;
      h_kind := array[case p_operation when 'creditBonus' then 'PROMOTIONS' else 'PURCHASES' end,
                      case p_operation when 'creditBonus' then 'PROMOTIONS' else 'PURCHASES' end];
      h_coin := array['GC', 'SC'];
      h_amount := array[-p_gc, -p_sc];
    when 'debitBet' then
      if p_coin = 'GC' then
        if a.gc < p_amount then return ledger_replay_or(p_key, p_fingerprint, jsonb_build_object('error', 'InsufficientBalance', 'coin', 'GC')); end if;
        d_gc := -p_amount;
      else
        if a.bsc + a.psc + a.wsc < p_amount then return ledger_replay_or(p_key, p_fingerprint, jsonb_build_object('error', 'InsufficientBalance', 'coin', 'SC')); end if;
        remaining := p_amount;
        take := least(remaining, a.bsc); d_bsc := -take; remaining := remaining - take;
        take := least(remaining, a.psc); d_psc := -take; remaining := remaining - take;
        d_wsc := -remaining;
      end if;
      h_kind := array['GAME_PLAY']; h_coin := array[p_coin]; h_amount := array[p_amount];
    when 'creditWin' then
      if p_coin = 'GC' then d_gc := p_amount; else d_wsc := p_amount; end if;
      h_kind := array['GAME_PLAY']; h_coin := array[p_coin]; h_amount := array[-p_amount];
    when 'rollbackBet' then
      select * into bet from ledger_transfers where idempotency_key = p_reverses_key;
      if not found or bet.user_id <> p_user_id or bet.reason <> 'bet' then
        return ledger_replay_or(p_key, p_fingerprint, jsonb_build_object('error', 'NotFound', 'message', 'There is no such bet to roll back.'));
      end if;
      -- Rolled back already, under another key: that rollback is the answer.
      select * into earlier from ledger_transfers where reverses_transfer_id = bet.id;
      if found then return ledger_replay_or(p_key, p_fingerprint, ledger_transfer_result(earlier, true)); end if;
      reverses_id := bet.id;
      select
        coalesce(-sum(e.amount) filter (where e.account_id = a.id_gc), 0),
        coalesce(-sum(e.amount) filter (where e.account_id = a.id_bsc), 0),
        coalesce(-sum(e.amount) filter (where e.account_id = a.id_psc), 0),
        coalesce(-sum(e.amount) filter (where e.account_id = a.id_wsc), 0),
        coalesce(array_agg(h.kind) filter (where h.id is not null), '{}'),
        coalesce(array_agg(h.coin) filter (where h.id is not null), '{}'),
        coalesce(array_agg(-e.amount) filter (where h.id is not null), '{}'),
        count(*) filter (where h.id is null and e.account_id not in (a.id_gc, a.id_bsc, a.id_psc, a.id_wsc))
      into d_gc, d_bsc, d_psc, d_wsc, h_kind, h_coin, h_amount, take
      from ledger_entries e
      left join ledger_accounts h on h.id = e.account_id and h.user_id is null
      where e.transfer_id = bet.id;
      if take > 0 then raise exception 'bet % has an entry on an account of another player', bet.id; end if;
    when 'moveToPendingRedemption' then
      -- Only redeemable SC can leave as a redemption.
      if a.wsc < p_amount then return ledger_replay_or(p_key, p_fingerprint, jsonb_build_object('error', 'InsufficientBalance', 'coin', 'SC')); end if;
      d_wsc := -p_amount; d_pending := p_amount;
    when 'releasePendingRedemption' then
      if a.pending < p_amount then
        return ledger_replay_or(p_key, p_fingerprint,
          jsonb_build_object('error', 'InsufficientBalance', 'coin', 'SC', 'message', 'Not that much SC is pending redemption.'));
      end if;
      d_pending := -p_amount;
      if p_reason = 'redemption_paid' then
        h_kind := array['PAYOUTS']; h_coin := array['SC']; h_amount := array[p_amount];
      else
        d_wsc := p_amount;
      end if;
    when 'adjustment' then
      case p_account
        when 'GC' then d_gc := p_amount;
        when 'SC_BONUS' then d_bsc := p_amount;
        when 'SC_UNPLAYED' then d_psc := p_amount;
        when 'SC_REDEEMABLE' then d_wsc := p_amount;
        else raise exception 'no player account %', p_account;
      end case;
      h_kind := array['ADJUSTMENTS'];
      h_coin := array[case when p_account = 'GC' then 'GC' else 'SC' end];
      h_amount := array[-p_amount];
    else
      raise exception 'unknown ledger operation %', p_operation;
  end case;

  -- Every plan balances per coin before anything is written.
  gc_sum := 0; sc_sum := 0;
  for leg in 1..coalesce(array_length(h_amount, 1), 0) loop
    if h_coin[leg] = 'GC' then gc_sum := gc_sum + h_amount[leg]; else sc_sum := sc_sum + h_amount[leg]; end if;
  end loop;
  if gc_sum + d_gc <> 0 or sc_sum + d_bsc + d_psc + d_wsc + d_pending <> 0 then
    raise exception 'unbalanced ledger plan for %', p_operation;
  end if;

  after_state := a;
  after_state.gc := a.gc + d_gc;
  after_state.bsc := a.bsc + d_bsc;
  after_state.psc := a.psc + d_psc;
  after_state.wsc := a.wsc + d_wsc;
  after_state.pending := a.pending + d_pending;
  if after_state.gc < 0 or after_state.bsc < 0 or after_state.psc < 0 or after_state.wsc < 0 or after_state.pending < 0 then
    return ledger_replay_or(p_key, p_fingerprint, jsonb_build_object('error', 'InsufficientBalance', 'coin', coalesce(p_coin, 'SC')));
  end if;

  insert into ledger_transfers (
    idempotency_key, fingerprint, user_id, reason, reference, details, reverses_transfer_id,
    gc_amount, sc_amount, balances_before, balances_after)
  values (
    p_key, p_fingerprint, p_user_id, p_reason, p_reference, p_details, reverses_id,
    d_gc, d_bsc + d_psc + d_wsc, ledger_balances_json(a), ledger_balances_json(after_state))
  -- The same key used for another player, whose lock this call does not hold: the transfer that
  -- got there first keeps it and this call is answered as its replay (or refused).
  on conflict (idempotency_key) do nothing
  returning id into v_transfer_id;
  if v_transfer_id is null then
    select * into known from ledger_transfers where idempotency_key = p_key;
    if known.fingerprint <> p_fingerprint then return jsonb_build_object('error', 'IdempotencyKeyReused'); end if;
    return ledger_transfer_result(known, true);
  end if;

  insert into ledger_entries (transfer_id, account_id, coin, amount)
  select v_transfer_id, legs.account_id, legs.coin, legs.amount
  from (
    values (a.id_gc, 'GC', d_gc), (a.id_bsc, 'SC', d_bsc), (a.id_psc, 'SC', d_psc), (a.id_wsc, 'SC', d_wsc),
           (a.id_pending, 'SC', d_pending)
  ) as legs (account_id, coin, amount)
  where legs.amount <> 0
  union all
  select v_transfer_id, h.id, x.coin, x.amount
  from unnest(h_kind, h_coin, h_amount) as x (kind, coin, amount)
  join ledger_accounts h on h.user_id is null and h.kind = x.kind and h.coin = x.coin
  where x.amount <> 0;

  update ledger_accounts
  set balance = balance + case id
    when a.id_gc then d_gc when a.id_bsc then d_bsc when a.id_psc then d_psc when a.id_wsc then d_wsc
    when a.id_pending then d_pending end
  where id in (a.id_gc, a.id_bsc, a.id_psc, a.id_wsc, a.id_pending)
    and case id
      when a.id_gc then d_gc when a.id_bsc then d_bsc when a.id_psc then d_psc when a.id_wsc then d_wsc
      when a.id_pending then d_pending end <> 0;

  return jsonb_build_object(
    'transferId', v_transfer_id, 'replayed', false, 'userId', p_user_id,
    'balancesBefore', ledger_balances_json(a), 'balancesAfter', ledger_balances_json(after_state),
    'pendingAfter', after_state.pending);
end
$$;

-- A whole movement in one call: lock the player, then move.
create function ledger_move(
  p_operation text,
  p_user_id bigint,
  p_reason text,
  p_key text,
  p_fingerprint text,
  p_coin text,
  p_amount bigint,
  p_gc bigint,
  p_sc bigint,
  p_reference text,
  p_details jsonb,
  p_reverses_key text,
  p_account text
) returns jsonb
language plpgsql as $$
declare
  a ledger_player_accounts;
begin
  a := ledger_lock_player(p_user_id);
  if a is null then return jsonb_build_object('error', 'NotFound', 'message', 'No such player.'); end if;
  return ledger_move_locked(a, p_operation, p_user_id, p_reason, p_key, p_fingerprint, p_coin, p_amount,
    p_gc, p_sc, p_reference, p_details, p_reverses_key, p_account);
end
$$;
