-- A bet's game session checked in its round's own statement
-- (docs/decisions/065-game-round-speed.md): the game server's round insert passes it first
-- (rgs/rounds.ts), and it answers true or raises RG001.
--
-- The game server keeps what it read of a game session (the session, the login session's liveness
-- and the login session's latest location decision) for a page's next bets (rgs/sessions.ts),
-- rather than reading it in a statement of its own before each group of bets: a second round trip,
-- and more than half of its queries. What can change after that read is checked here, by every
-- round: that the login session is still live (not revoked by a logout or a password reset, not
-- expired) and that no location decision was made in it after the one the bet was judged on. When
-- either fails, nothing of the statement commits (the bet, the win and the round with it) and the
-- game server reads the session again and judges the bet on what it finds.
--
-- p_location_check_id: the id of the decision the bet was judged on, 0 when there was none, null
-- when the caller judged no location (then only the login session is checked).
create or replace function rgs_bet_guard(
  p_casino_session_id bigint,
  p_user_id bigint,
  p_location_check_id bigint
)
  returns boolean
  language plpgsql
  stable
as $function$
begin
  if not exists (
      select 1 from sessions
      where id = p_casino_session_id and user_id = p_user_id and revoked_at is null and expires_at > now())
    or (p_location_check_id is not null and exists (
      select 1 from geolocation_checks
      where session_id = p_casino_session_id and user_id = p_user_id and result in ('allowed', 'blocked')
        and id > p_location_check_id))
  then
    raise exception using
      errcode = 'RG001',
      message = format('the login session %s of this bet changed since its game session was read', p_casino_session_id);
  end if;
  return true;
end
$function$;
