-- A movement's reference check reads the ledger by its indexes, always (issue 17 point 2,
-- docs/decisions/064-money-path-speed.md).
--
-- 0159's check that each added entry names an existing transfer and an account of its coin was
-- two NOT EXISTS joined by OR. PostgreSQL may run such a NOT EXISTS as a hashed subplan: the
-- whole table read into a hash once per execution. A trigger's query is planned once per
-- connection and kept, so a connection that first moved coins while the ledger was small kept
-- the hash of ledger_transfers and read every transfer ever written at each later movement:
-- 20,003 rows for one movement after 20,000 transfers (money/ledger/ledger-plans.test.ts), about
-- 12,500 a round in the round benchmark, whose whole rounds fell by half as the ledger grew.
--
-- A scalar subquery is never hashed: each added entry (one to five a movement) looks up its
-- transfer and its account by their unique indexes, whatever the ledger's size was when the plan
-- was made.
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
