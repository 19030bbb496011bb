-- Trigger: a round's rows (bets, wallet records, recently played games, the game server's rounds)
-- keep the game they were written for. An update naming the game's column is refused outright,
-- whatever its value, so the check made when a row is added (casino_game_references,
-- rgs_round_game_references) holds for every row for good.
create or replace function keeps_its_game()
  returns trigger
  language plpgsql
as $function$
begin
  raise exception 'a row of % keeps the game it was written for', tg_table_name;
end
$function$;

create or replace trigger casino_bets_keeps_game before update of game_id on casino_bets
  for each row execute function keeps_its_game();

create or replace trigger casino_recent_games_keeps_game before update of game_id on casino_recent_games
  for each row execute function keeps_its_game();

create or replace trigger casino_wallet_transactions_keeps_game before update of game_id on casino_wallet_transactions
  for each row execute function keeps_its_game();

create or replace trigger rgs_rounds_keeps_game before update of casino_game_id on rgs_rounds
  for each row execute function keeps_its_game();
