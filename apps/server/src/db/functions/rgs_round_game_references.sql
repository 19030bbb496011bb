-- Trigger: the game named by each row a statement added to rgs_rounds (casino_game_id) exists. It
-- is casino_game_references for the game server's rounds, for the same reasons: no lock on the
-- game's row, one look-up by primary key per added row.
create or replace function rgs_round_game_references()
  returns trigger
  language plpgsql
as $function$
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
$function$;

create or replace trigger rgs_rounds_game after insert on rgs_rounds referencing new table as added
  for each statement execute function rgs_round_game_references();
