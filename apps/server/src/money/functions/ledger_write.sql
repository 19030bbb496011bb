-- The writer of the ledger: every movement's transfers, their entries and the player balances
-- they move, in one statement. (One exception: a plain GC bet or win on ledger_move's fast way
-- writes its one transfer and two entries itself, for speed; see ledger_move.sql.) Each transfer is written under its idempotency key unless
-- the key is taken (a replay, or another player's call with the same key): a transfer not written
-- is not answered, and its legs are not written either; the caller decides what that means. Entries
-- are written in the order of their transfers' ids. The statement trigger ledger_entries_balanced
-- checks that each transfer sums to zero per coin.
--
-- Called only by the money functions that hold the players' locks and planned the legs from the
-- balances they locked (ledger_move_locked, wallet_write_planned_rounds): the legs are
-- the caller's word, so nobody else may call it (SECURITY DEFINER, the owner's alone).
create or replace function ledger_write(p_transfers ledger_planned_transfer[], p_legs ledger_planned_leg[])
  returns table(n integer, transfer_id bigint)
  language plpgsql
  security definer
  set search_path from current
as $function$
#variable_conflict use_column
begin
  return query
  with written as (
    insert into ledger_transfers (
      idempotency_key, fingerprint, user_id, reason, reference, details, reverses_transfer_id,
      gc_amount, sc_amount, balances_before, balances_after)
    select t.idempotency_key, t.fingerprint, t.user_id, t.reason, t.reference, t.details, t.reverses_transfer_id,
      t.gc_amount, t.sc_amount, t.balances_before, t.balances_after
    from unnest(p_transfers) t
    order by t.n
    on conflict (idempotency_key) do nothing
    returning id, idempotency_key
  ),
  numbered as (
    select t.n, w.id from unnest(p_transfers) t join written w on w.idempotency_key = t.idempotency_key
  ),
  entries as (
    insert into ledger_entries (transfer_id, account_id, coin, amount)
    select w.id, l.account_id, l.coin, l.amount
    from unnest(p_legs) l join numbered w on w.n = l.n
    where l.amount <> 0
    order by w.id
  ),
  -- Each player account's whole movement: an account left as it was gets no new row version.
  balances as (
    update ledger_accounts a
    set balance = a.balance + moves.amount
    from (
      select l.account_id, sum(l.amount) as amount
      from unnest(p_legs) l join numbered w on w.n = l.n
      where l.moves_balance
      group by l.account_id
    ) moves
    where a.id = moves.account_id and moves.amount <> 0
  )
  select w.n, w.id from numbered w;
end
$function$;

revoke execute on function ledger_write(ledger_planned_transfer[], ledger_planned_leg[]) from public;
