-- What a ledger entry refers to is checked once per statement, without row locks
-- (docs/decisions/064-money-path-speed.md): the entries' foreign keys to their transfer and to
-- their account in its coin go, and the trigger ledger_entries_balanced checks both, with the
-- balance of each transfer (money/functions/ledger_entries_balanced.sql).
--
-- A movement writes one to five entries, and PostgreSQL's foreign keys checked each entry on its
-- own: its transfer, and its account in its coin, each a query that takes a KEY SHARE lock on the
-- row it finds. Every bet and win names the same house account (GAME_PLAY of its coin), so
-- movements running at once locked the same row, and PostgreSQL records several lockers of a row as
-- a multixact.
--
-- The lock guards a referenced row against being deleted, or its key changed, before the
-- referencing row commits. The rows an entry refers to cannot go: transfers are append-only
-- (ledger_append_only), and accounts are never deleted nor re-keyed (ledger_accounts_stay). So an
-- existence check is the whole rule, made once per statement over the entries the statement added
-- (its transition table). A transfer keeps its foreign key to its player: only that player's
-- movements lock that row.
alter table ledger_entries drop constraint ledger_entries_account_coin_fkey;
alter table ledger_entries drop constraint ledger_entries_transfer_id_fkey;
