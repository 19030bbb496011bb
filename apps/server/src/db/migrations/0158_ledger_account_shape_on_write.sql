-- A ledger account's shape (its owner, kind and coin) is checked when they are written, not on
-- every balance update (docs/decisions/064-money-path-speed.md): the two CHECK constraints on the
-- account's identity go, and the trigger ledger_account_shape checks the same rules on INSERT and
-- on an UPDATE naming user_id, kind or coin (money/functions/ledger_account_shape.sql).
--
-- PostgreSQL evaluates every CHECK constraint of a table on every UPDATE, whatever columns it sets,
-- and prepares each one again for each statement: it parses the stored expression (stringToNode)
-- and plans it. A movement updates one or two player balances, so these two checks (kind_check, the
-- longest expression of the ledger, and coin_check) were parsed and planned for every movement, to
-- check columns it never touches. The balance check stays a CHECK: a balance update must pass it.
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts drop constraint ledger_accounts_coin_check;
