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
