-- A round's rows name their game without locking its row (issue 17 point 2,
-- docs/decisions/065-game-round-speed.md).
--
-- A round writes a bet row, two wallet records and a round row, and its delivery a recently-played
-- row, each naming the game. Their foreign keys checked each one with a query that takes a KEY
-- SHARE lock on the game's row, and every player of a game names the same row: rounds committing
-- at once locked it together, and PostgreSQL records several lockers of a row as a multixact (1,042
-- multixacts in 12,509 whole rounds of 20 players on one game). It is the house account's case of
-- 0159, on the catalogue.
--
-- The lock keeps the referenced row from being deleted, or its key changed, before the referencing
-- row commits. A game is never deleted nor given another id (the trigger below; the catalogue
-- retires a game with is_active), so a check that the game exists, once per statement over the
-- rows it added and without a lock, is the whole rule. The other keys to games stay (launches,
-- favourites, categories: not written by rounds), as do the keys to players: only a player's own
-- rounds lock their row.
alter table casino_bets drop constraint casino_bets_game_id_fkey;
alter table casino_wallet_transactions drop constraint casino_wallet_transactions_game_id_fkey;
alter table casino_recent_games drop constraint casino_recent_games_game_id_fkey;
alter table rgs_rounds drop constraint rgs_rounds_casino_game_id_fkey;

-- The added rows' games, each looked up by the primary key (a scalar subquery is never planned as
-- a hash of the whole table: 0160).
create function casino_game_references() returns trigger language plpgsql as $$
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
$$;

-- The same for the game server's rounds, whose column is casino_game_id.
create function rgs_round_game_references() returns trigger language plpgsql as $$
declare
  missing bigint;
begin
  select r.casino_game_id into missing from added r
  where (select true from casino_games g where g.id = r.casino_game_id) is null
  limit 1;
  if found then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('a row of %s names game %s, which does not exist', tg_table_name, missing);
  end if;
  return null;
end
$$;

create trigger casino_bets_game after insert on casino_bets
  referencing new table as added for each statement execute function casino_game_references();
create trigger casino_wallet_transactions_game after insert on casino_wallet_transactions
  referencing new table as added for each statement execute function casino_game_references();
create trigger casino_recent_games_game after insert on casino_recent_games
  referencing new table as added for each statement execute function casino_game_references();
create trigger rgs_rounds_game after insert on rgs_rounds
  referencing new table as added for each statement execute function rgs_round_game_references();

-- A row keeps the game it was written for (an update naming the column is refused outright, so
-- the check above covers every row).
create function keeps_its_game() returns trigger language plpgsql as $$
begin
  raise exception 'a row of % keeps the game it was written for', tg_table_name;
end
$$;
create trigger casino_bets_keeps_game before update of game_id on casino_bets
  for each row execute function keeps_its_game();
create trigger casino_wallet_transactions_keeps_game before update of game_id on casino_wallet_transactions
  for each row execute function keeps_its_game();
create trigger casino_recent_games_keeps_game before update of game_id on casino_recent_games
  for each row execute function keeps_its_game();
create trigger rgs_rounds_keeps_game before update of casino_game_id on rgs_rounds
  for each row execute function keeps_its_game();

create function casino_games_stay() returns trigger language plpgsql as $$
begin
  raise exception 'games are never deleted, and keep their id';
end
$$;
create trigger casino_games_stay before delete or update of id on casino_games
  for each row execute function casino_games_stay();
create trigger casino_games_no_truncate before truncate on casino_games
  for each statement execute function casino_games_stay();
