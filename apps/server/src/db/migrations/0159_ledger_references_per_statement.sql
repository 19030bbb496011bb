-- What a ledger row refers to is checked once per statement, without row locks (issue 17 point 1,
-- docs/decisions/064-money-path-speed.md).
--
-- A movement writes one to five entries, and PostgreSQL's foreign keys checked each entry on its
-- own: its transfer, and its account in its coin, each a query that takes a KEY SHARE lock on the
-- row it finds. Every bet and win names the same house account (GAME_PLAY of its coin), so
-- movements running at once locked the same row, and PostgreSQL records several lockers of a row
-- as a multixact.
--
-- The lock guards a referenced row against being deleted, or its key changed, before the
-- referencing row commits. The rows an entry refers to cannot go: transfers are append-only
-- (0020), and accounts are never deleted nor re-keyed (below). So an existence check is the whole
-- rule, and it is made once per statement over the entries the statement added (its transition
-- table), with the balance check of 0157. A transfer keeps its foreign key to its player: only
-- that player's movements lock that row.
alter table ledger_entries drop constraint ledger_entries_account_coin_fkey;
alter table ledger_entries drop constraint ledger_entries_transfer_id_fkey;

-- Entries: each transfer sums to zero per coin (0157), names a transfer that exists, and an
-- account that exists in the entry's coin.
create or replace function ledger_entries_balanced() returns trigger language plpgsql as $$
declare
  wrong bigint;
begin
  select transfer_id into wrong from added group by transfer_id, coin having sum(amount) <> 0 limit 1;
  if found then
    raise exception 'ledger transfer % does not sum to zero per coin', wrong;
  end if;
  select e.transfer_id into wrong from added e
  where not exists (select 1 from ledger_transfers t where t.id = e.transfer_id)
     or not exists (select 1 from ledger_accounts a where a.id = e.account_id and a.coin = e.coin)
  limit 1;
  if found then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('a ledger entry of transfer %s names no such transfer, or no account of its coin', wrong);
  end if;
  return null;
end
$$;

-- Accounts are never deleted, and keep their id and coin: entries refer to them by both.
create function ledger_accounts_stay() returns trigger language plpgsql as $$
begin
  raise exception 'ledger accounts are never deleted, and keep their id and coin';
end
$$;
create trigger ledger_accounts_stay before delete or update of id, coin on ledger_accounts
  for each row execute function ledger_accounts_stay();
