-- The added rows' games, each looked up by the primary key (a scalar subquery is never planned as
-- a hash of the whole table: 0160).
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
