-- The money functions run as the tables' owner (docs/decisions/055). The server's role,
-- casino_app, no longer writes the ledger or the seamless wallet's records itself (0169): it moves
-- money only by calling these functions, which check what they are asked (funds, idempotency
-- keys, rounds, responsible-play limits) and write balanced transfers.
--
-- Each is SECURITY DEFINER, owned by the owner that runs the migrations, with its search_path
-- pinned to the schema the migrations run in (public, or a seed test's scratch schema), then
-- pg_temp: a caller's search path cannot put a table or function of its own in front of the
-- ledger's.
--
-- PostgreSQL lets PUBLIC execute every new function. These may be executed by casino_app alone,
-- and only the calls the server makes (money/ledger/ledger-service.ts, money/wallet). The others are
-- steps of those calls that take what their caller locked or planned as arguments (a player's
-- account ids and balances, planned rounds), which a caller could forge: only the owner's
-- functions call them.
--
-- CREATE OR REPLACE of one of these must write SECURITY DEFINER and the SET clause again: they
-- belong to the definition, and are lost without a word otherwise (db/money-functions.test.ts
-- names any function that writes a money table without them).
do $$
declare
  schema_name text := current_schema();
  fn record;
begin
  for fn in
    select p.oid::regprocedure as signature,
      p.proname in ('ledger_lock_player', 'ledger_move', 'wallet_bet', 'wallet_win', 'wallet_rollback', 'wallet_bet_win',
        'wallet_bet_win_group') as server_calls_it
    from pg_proc p
    where p.pronamespace = schema_name::regnamespace
      and p.proname in (
        'ledger_lock_player', 'ledger_move_locked', 'ledger_move',
        'wallet_take_bet', 'wallet_pay_win', 'wallet_bet', 'wallet_win', 'wallet_rollback',
        'wallet_bet_win', 'wallet_bet_win_checked', 'wallet_write_planned_rounds', 'wallet_bet_win_group')
  loop
    execute format('alter function %s security definer set search_path = %I, pg_temp', fn.signature, schema_name);
    execute format('revoke execute on function %s from public', fn.signature);
    if fn.server_calls_it then
      execute format('grant execute on function %s to casino_app', fn.signature);
    end if;
  end loop;
end
$$;
