-- One movement of a player's coins, the server's one call for it (money/ledger/ledger-service.ts):
-- alone it is its own transaction, inside a business action's transaction it joins it like any
-- statement. The operations and their legs are ledger_move_locked's. A key used before answers its
-- first result and moves nothing; the same key with another fingerprint is refused. Refusals
-- (funds, a reused key, no such bet) are answered as {"error": name, ...}, never raised, so that an
-- action may commit what it decided around them (a refused bet commits its BetRefused event); a
-- raise is a broken invariant. SECURITY DEFINER and executable by the server's role: the server
-- moves coins through it and through the wallet's calls only
-- (docs/decisions/055-least-privilege-role.md).
--
-- A Gold Coin bet or win takes a fast way (docs/decisions/064-money-path-speed.md). It changes one
-- balance, the GC account's, which is the very row of the player's lock, so it starts with that
-- row's update: `balance = balance + d where balance + d >= 0`. The update takes the same lock as
-- ledger_lock_player (no key update on the GC row), waits for the same movements, checks the funds
-- on the balance it locked (a concurrent movement's committed change included: READ COMMITTED
-- re-reads the row it waited for) and writes the balance, in one step, where the general way locks
-- the row (a row-lock record in the WAL), reads the five accounts and then updates the balances.
-- The other four balances are read after it, under the lock, for the transfer's balances. The
-- transfer (key, fingerprint, balances before and after), its two entries (the GC account and the
-- house's GAME_PLAY GC account) and the answer are the general way's, written by two plain
-- statements here rather than by ledger_write (see below).
--
-- Whatever is not a plain case goes the general way (ledger_lock_player, then ledger_move_locked)
-- before anything is written: no GC account yet (accounts are created there), not enough GC (the
-- refusal, or a replay's first answer, is decided there) and a zero win (a transfer without
-- entries). A key used before is found by the transfer's unique index, as in the general way; the
-- balance update is then undone in the same call, so the call changes nothing and answers the first
-- result (or the reuse refusal).
create or replace function ledger_move(
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
  a ledger_player_accounts;
  d bigint;
  before_json jsonb;
  after_json jsonb;
  v_transfer_id bigint;
  known ledger_transfers;
begin
  if p_coin = 'GC' and p_amount > 0 and p_operation in ('debitBet', 'creditWin') then
    d := case p_operation when 'debitBet' then -p_amount else p_amount end;
    update ledger_accounts set balance = balance + d
    where user_id = p_user_id and kind = 'GC' and balance + d >= 0
    returning id, balance - d into a.id_gc, a.gc;
    if found then
      select
        coalesce(sum(balance) filter (where kind = 'SC_BONUS'), 0),
        coalesce(sum(balance) filter (where kind = 'SC_UNPLAYED'), 0),
        coalesce(sum(balance) filter (where kind = 'SC_REDEEMABLE'), 0),
        coalesce(sum(balance) filter (where kind = 'SC_PENDING_REDEMPTION'), 0)
      into a.bsc, a.psc, a.wsc, a.pending
      from ledger_accounts
      where user_id = p_user_id and kind <> 'GC';
      before_json := ledger_balances_json(a);
      a.gc := a.gc + d;
      after_json := ledger_balances_json(a);

      -- The one movement that does not go through ledger_write: its transfer and its two entries
      -- are written here, by two plain statements, because a GC bet or win is the most frequent
      -- movement and the writer's general statement costs it about a quarter more time in the
      -- database (docs/benchmarks.md, 2026-12-07: 97 against 125 microseconds a call). What it
      -- writes is what ledger_write writes for the same plan (money/ledger/ledger.test.ts).
      insert into ledger_transfers (
        idempotency_key, fingerprint, user_id, reason, reference, details, reverses_transfer_id,
        gc_amount, sc_amount, balances_before, balances_after)
      values (
        p_key, p_fingerprint, p_user_id, p_reason, p_reference, p_details, null,
        d, 0, before_json, after_json)
      on conflict (idempotency_key) do nothing
      returning id into v_transfer_id;
      if v_transfer_id is null then
        -- The key was used before: this call moves nothing.
        update ledger_accounts set balance = balance - d where id = a.id_gc;
        select * into known from ledger_transfers where idempotency_key = p_key;
        if known.fingerprint <> p_fingerprint then return jsonb_build_object('error', 'IdempotencyKeyReused'); end if;
        return ledger_transfer_result(known, true);
      end if;

      insert into ledger_entries (transfer_id, account_id, coin, amount)
      select v_transfer_id, a.id_gc, 'GC', d
      union all
      select v_transfer_id, h.id, 'GC', -d
      from ledger_accounts h
      where h.user_id is null and h.kind = 'GAME_PLAY' and h.coin = 'GC';

      return jsonb_build_object(
        'transferId', v_transfer_id, 'replayed', false, 'userId', p_user_id,
        'balancesBefore', before_json, 'balancesAfter', after_json, 'pendingAfter', a.pending);
    end if;
  end if;

  -- The general way: lock the player, then move.
  a := ledger_lock_player(p_user_id);
  if a is null then return jsonb_build_object('error', 'NotFound', 'message', 'No such player.'); end if;
  return ledger_move_locked(a, p_operation, p_user_id, p_reason, p_key, p_fingerprint, p_coin, p_amount,
    p_gc, p_sc, p_reference, p_details, p_reverses_key, p_account);
end
$function$;

revoke execute on function ledger_move(text, bigint, text, text, text, text, bigint, bigint, bigint, text, jsonb, text, text) from public;
grant execute on function ledger_move(text, bigint, text, text, text, text, bigint, bigint, bigint, text, jsonb, text, text) to casino_app;
