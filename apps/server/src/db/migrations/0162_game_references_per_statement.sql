-- A round's rows name their game without locking its row (docs/decisions/065-game-round-speed.md):
-- the foreign keys to casino_games of the bets, the wallet's records, the recently played games and
-- the game server's rounds go. The triggers casino_game_references and rgs_round_game_references
-- check once per statement that the game exists (db/functions).
--
-- A round writes a bet row, two wallet records and a round row, and its delivery a recently-played
-- row, each naming the game. Their foreign keys checked each one with a query that takes a KEY
-- SHARE lock on the game's row, and every player of a game names the same row: rounds committing at
-- once locked it together, and PostgreSQL records several lockers of a row as a multixact (1,042
-- multixacts in 12,509 whole rounds of 20 players on one game). It is the house account's case of
-- 0159, on the catalogue.
--
-- The lock keeps the referenced row from being deleted, or its key changed, before the referencing
-- row commits. A game is never deleted nor given another id (casino_games_stay; the catalogue
-- retires a game with is_active), and a row keeps its game (keeps_its_game), so a check that the
-- game exists, once per statement over the rows it added and without a lock, is the whole rule. The
-- other keys to games stay (launches, favourites, categories: not written by rounds), as do the
-- keys to players: only a player's own rounds lock their row.
alter table casino_bets drop constraint casino_bets_game_id_fkey;
alter table casino_wallet_transactions drop constraint casino_wallet_transactions_game_id_fkey;
alter table casino_recent_games drop constraint casino_recent_games_game_id_fkey;
alter table rgs_rounds drop constraint rgs_rounds_casino_game_id_fkey;
