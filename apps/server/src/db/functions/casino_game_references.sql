-- Trigger: every game named by the rows a statement added to casino_bets, casino_recent_games or
-- casino_wallet_transactions exists (foreign_key_violation otherwise). It stands in for those
-- tables' foreign keys to casino_games, which took a KEY SHARE lock on the game's row for each row
-- written: every player of a game named the same row, so rounds committing at once locked it
-- together and PostgreSQL recorded them as multixacts (docs/decisions/065-game-round-speed.md). A
-- game is never deleted nor given another id (casino_games_stay) and a row keeps its game
-- (keeps_its_game), so a check that the game exists, once per statement over the rows it added and
-- without a lock, is the whole rule.
--
-- Each added row's game is looked up by the primary key in a scalar subquery: a NOT EXISTS may be
-- planned as a hash of the whole table, and a trigger's plan is kept for the connection's life (as
-- in ledger_entries_balanced).
create or replace function casino_game_references()
  returns trigger
  language plpgsql
as $function$
declare
  missing bigint;
begin
  select r.game_id into missing from added r
  where (select true from casino_games g where g.id = r.game_id) is null
  limit 1;
  if found then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('a row of %s names game %s, which does not exist', tg_table_name, missing);
  end if;
  return null;
end
$function$;

create or replace trigger casino_bets_game after insert on casino_bets referencing new table as added
  for each statement execute function casino_game_references();

create or replace trigger casino_recent_games_game after insert on casino_recent_games referencing new table as added
  for each statement execute function casino_game_references();

create or replace trigger casino_wallet_transactions_game after insert on casino_wallet_transactions referencing new table as added
  for each statement execute function casino_game_references();
