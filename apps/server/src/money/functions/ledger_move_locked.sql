-- The general way of a ledger movement, for a call that holds the player's lock: `a` is their five
-- accounts as ledger_lock_player locked and read them. Plans the legs of p_operation from those
-- balances, checks that the plan sums to zero per coin and leaves no player balance below zero, and
-- writes it under p_key through ledger_write. Refusals are {"error": ...} answers made through
-- ledger_replay_or, so a key used before answers its first result even when the balances have moved
-- since. Called by ledger_move and by the wallet's functions (wallet_take_bet, wallet_pay_win,
-- wallet_rollback). SECURITY DEFINER and the owner's alone: it trusts the balances it is handed
-- (docs/decisions/055-least-privilege-role.md).
--
-- Operations and their legs (docs/ARCHITECTURE.md 'The money core'):
--   creditBonus       PROMOTIONS -> GC (p_gc), SC_BONUS (p_sc)
--   creditPurchase    PURCHASES -> GC (p_gc), SC_UNPLAYED (p_sc)
--   debitBet          GC, or SC from bonus, then unplayed, then redeemable -> GAME_PLAY (p_amount)
--   creditWin         GAME_PLAY -> GC or SC_REDEEMABLE (p_amount; zero records a transfer only)
--   rollbackBet       the entries of the bet under p_reverses_key, reversed (once per bet)
--   reverseCredit     the player legs of the purchase or referral reward under p_reverses_key,
--                     back to its house account, at most what each account holds (once per credit)
--   moveToPendingRedemption    SC_REDEEMABLE -> SC_PENDING_REDEMPTION (p_amount)
--   releasePendingRedemption   SC_PENDING_REDEMPTION -> PAYOUTS (reason redemption_paid) or back
--                              to SC_REDEEMABLE (cancelled, failed)
--   adjustment        ADJUSTMENTS <-> one player account p_account, signed p_amount (back office)
--
-- A bet or a credit is reversed once: the reversal names it in reverses_transfer_id, which is
-- unique. A reversed credit leaves coins already played where they went; the caller records what
-- could not be taken back.
create or replace function ledger_move_locked(
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
)
  returns jsonb
  language plpgsql
  security definer
  set search_path from current
as $function$
declare
  known ledger_transfers;
  bet ledger_transfers;
  credit ledger_transfers;
  credit_house text;
  earlier ledger_transfers;
  d_gc bigint := 0; d_bsc bigint := 0; d_psc bigint := 0; d_wsc bigint := 0; d_pending bigint := 0;
  -- House legs: kind, coin and amount, in step.
  h_kind text[] := '{}'; h_coin text[] := '{}'; h_amount bigint[] := '{}';
  take bigint;
  spent bigint[];
  legs ledger_planned_leg[];
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
      if not ledger_funds_cover(a, p_coin, p_amount) then
        return ledger_replay_or(p_key, p_fingerprint, jsonb_build_object('error', 'InsufficientBalance', 'coin', p_coin));
      end if;
      if p_coin = 'GC' then
        d_gc := -p_amount;
      else
        spent := ledger_sc_spending(a.bsc, a.psc, p_amount);
        d_bsc := -spent[1]; d_psc := -spent[2]; d_wsc := -spent[3];
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
    when 'reverseCredit' then
      -- A purchase or referral reward of this player, taken back once (a refund, a chargeback):
      -- from each account the credit went to, as much of it as the account still holds.
      select * into credit from ledger_transfers where idempotency_key = p_reverses_key;
      if not found or credit.user_id <> p_user_id or credit.reason not in ('purchase', 'referral_reward') then
        return ledger_replay_or(p_key, p_fingerprint, jsonb_build_object('error', 'NotFound', 'message', 'There is no such credit to reverse.'));
      end if;
      select * into earlier from ledger_transfers where reverses_transfer_id = credit.id;
      if found then return ledger_replay_or(p_key, p_fingerprint, ledger_transfer_result(earlier, true)); end if;
      reverses_id := credit.id;
      select
        -least(coalesce(sum(e.amount) filter (where e.account_id = a.id_gc), 0), a.gc),
        -least(coalesce(sum(e.amount) filter (where e.account_id = a.id_bsc), 0), a.bsc),
        -least(coalesce(sum(e.amount) filter (where e.account_id = a.id_psc), 0), a.psc),
        -least(coalesce(sum(e.amount) filter (where e.account_id = a.id_wsc), 0), a.wsc),
        min(h.kind)
      into d_gc, d_bsc, d_psc, d_wsc, credit_house
      from ledger_entries e
      left join ledger_accounts h on h.id = e.account_id and h.user_id is null
      where e.transfer_id = credit.id;
      -- What is taken back returns to the house account the credit came from.
      h_kind := array[credit_house, credit_house];
      h_coin := array['GC', 'SC'];
      h_amount := array[-d_gc, -(d_bsc + d_psc + d_wsc)];
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

  -- The player's legs move their balances; the house's legs go to its accounts of those kinds.
  select array_agg(row(1, leg.account_id, leg.coin, leg.amount, leg.player)::ledger_planned_leg)
  into legs
  from (
    select v.account_id, v.coin, v.amount, true as player
    from (values (a.id_gc, 'GC', d_gc), (a.id_bsc, 'SC', d_bsc), (a.id_psc, 'SC', d_psc), (a.id_wsc, 'SC', d_wsc),
                 (a.id_pending, 'SC', d_pending)) as v (account_id, coin, amount)
    union all
    select h.id, x.coin, x.amount, false
    from unnest(h_kind, h_coin, h_amount) as x (kind, coin, amount)
    join ledger_accounts h on h.user_id is null and h.kind = x.kind and h.coin = x.coin
  ) leg
  where leg.amount <> 0;

  select w.transfer_id into v_transfer_id
  from ledger_write(
    array[row(1, p_key, p_fingerprint, p_user_id, p_reason, p_reference, p_details, reverses_id,
      d_gc, d_bsc + d_psc + d_wsc, ledger_balances_json(a), ledger_balances_json(after_state))::ledger_planned_transfer],
    coalesce(legs, '{}')) w;
  -- The same key used before, or for another player, whose lock this call does not hold: the
  -- transfer that got there first keeps it and this call is answered as its replay (or refused).
  if v_transfer_id is null then
    select * into known from ledger_transfers where idempotency_key = p_key;
    if known.fingerprint <> p_fingerprint then return jsonb_build_object('error', 'IdempotencyKeyReused'); end if;
    return ledger_transfer_result(known, true);
  end if;

  return jsonb_build_object(
    'transferId', v_transfer_id, 'replayed', false, 'userId', p_user_id,
    'balancesBefore', ledger_balances_json(a), 'balancesAfter', ledger_balances_json(after_state),
    'pendingAfter', after_state.pending);
end
$function$;

revoke execute on function ledger_move_locked(ledger_player_accounts, text, bigint, text, text, text, text, bigint, bigint, bigint, text, jsonb, text, text) from public;
