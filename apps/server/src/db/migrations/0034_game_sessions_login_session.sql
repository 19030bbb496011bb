-- A game session belongs to the login session that launched it: logging out, a password reset
-- or the login session's expiry ends play in any open game frame too. Game sessions opened
-- before this migration have no login session to follow, so they end now.
alter table rgs_game_sessions add column casino_session_id bigint references sessions (id);
update rgs_game_sessions set expires_at = now() where casino_session_id is null and expires_at > now();
