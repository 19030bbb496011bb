-- Trigger: a game is never deleted, truncated nor given another id; the catalogue retires a game
-- with is_active. The rows of rounds name their game without a foreign key (casino_game_references,
-- rgs_round_game_references), so this is what keeps the game they name.
create or replace function casino_games_stay()
  returns trigger
  language plpgsql
as $function$
begin
  raise exception 'games are never deleted, and keep their id';
end
$function$;

create or replace trigger casino_games_no_truncate before truncate on casino_games
  for each statement execute function casino_games_stay();

create or replace trigger casino_games_stay before delete or update of id on casino_games
  for each row execute function casino_games_stay();
