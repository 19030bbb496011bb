-- Trigger, once per statement over the entries it added (its transition table): each transfer sums
-- to zero per coin, and each entry names a transfer that exists and an account of the entry's coin.
-- It stands in for the entries' foreign keys, which checked entry by entry and took a KEY SHARE
-- lock on the row they found: every bet and win names the house's GAME_PLAY account of its coin, so
-- movements running at once locked the same row and PostgreSQL recorded them as multixacts. The
-- rows an entry names never go (ledger_append_only, ledger_accounts_stay), so their existence is
-- the whole rule (docs/decisions/064-money-path-speed.md).
--
-- Each added entry (one to five a movement) looks up its transfer and its account by their unique
-- indexes, in a scalar subquery. Two NOT EXISTS joined by OR may be run as a hashed subplan, the
-- whole table read into a hash once per execution; a trigger's query is planned once per connection
-- and kept, so a connection that first moved coins while the ledger was small would keep the hash
-- of ledger_transfers and read every transfer ever written at each later movement: 20,003 rows for
-- one movement after 20,000 transfers (money/ledger/ledger-plans.test.ts), and whole rounds fell by
-- half as the ledger grew. A scalar subquery is never hashed, whatever the ledger's size was when
-- the plan was made.
create or replace function ledger_entries_balanced()
  returns trigger
  language plpgsql
as $function$
declare
  wrong bigint;
begin
  select transfer_id into wrong from added group by transfer_id, coin having sum(amount) <> 0 limit 1;
  if found then
    raise exception 'ledger transfer % does not sum to zero per coin', wrong;
  end if;
  select e.transfer_id into wrong from added e
  where (select true from ledger_transfers t where t.id = e.transfer_id) is null
     or (select true from ledger_accounts a where a.id = e.account_id and a.coin = e.coin) is null
  limit 1;
  if found then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('a ledger entry of transfer %s names no such transfer, or no account of its coin', wrong);
  end if;
  return null;
end
$function$;

create or replace trigger ledger_entries_balanced after insert on ledger_entries referencing new table as added
  for each statement execute function ledger_entries_balanced();
