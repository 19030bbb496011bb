-- Every transfer balances, checked once per statement instead of once per entry at commit
-- (docs/decisions/064-money-path-speed.md).
--
-- The check of 0020 was a deferred constraint trigger: at commit, for each entry written, it
-- summed all the entries of that entry's transfer by coin. A movement writes two to four entries,
-- so the same transfer was read and summed two to four times, about a tenth of the database's
-- CPU for a movement. Entries are append-only (no update, delete or truncate: 0020, 0051), so a
-- transfer sums to zero per coin for good when every statement that adds entries adds, for each
-- transfer it touches, entries that sum to zero per coin. That is what this trigger checks: once
-- per statement, over the entries the statement added (its transition table), with no read of
-- the table. It is stricter than the old check: a transfer can no longer be out of balance even
-- between two statements of one transaction. The ledger writes a transfer's entries in one
-- statement (ledger_move_locked), so nothing relied on that.
drop trigger ledger_entries_balanced on ledger_entries;
drop function ledger_transfer_balanced();

create function ledger_entries_balanced() returns trigger language plpgsql as $$
declare
  unbalanced bigint;
begin
  select transfer_id into unbalanced from added group by transfer_id, coin having sum(amount) <> 0 limit 1;
  if found then
    raise exception 'ledger transfer % does not sum to zero per coin', unbalanced;
  end if;
  return null;
end
$$;
create trigger ledger_entries_balanced after insert on ledger_entries
  referencing new table as added for each statement execute function ledger_entries_balanced();
