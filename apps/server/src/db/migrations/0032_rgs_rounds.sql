-- The in-house game server: game sessions opened from launch tokens,
-- and every round with its bet, win, coin, balances before and after, and outcome.
create table rgs_game_sessions (
  id bigint generated always as identity primary key,
  -- SHA-256 of the session token the game page holds; the token itself is never stored.
  token_hash text not null unique,
  -- The launch token's nonce: one launch token opens one session, once.
  launch_id text not null unique,
  user_id bigint not null references users (id),
  casino_game_id bigint not null references casino_games (id),
  title_id text not null,
  coin text not null check (coin in ('GC', 'SC')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index rgs_game_sessions_user_idx on rgs_game_sessions (user_id, created_at desc);

create table rgs_rounds (
  id bigint generated always as identity primary key,
  session_id bigint not null references rgs_game_sessions (id),
  -- The game page's id for the request: a retried request returns the round already played.
  request_id text not null,
  user_id bigint not null references users (id),
  casino_game_id bigint not null references casino_games (id),
  title_id text not null,
  profile_id text not null,
  coin text not null check (coin in ('GC', 'SC')),
  bet bigint not null check (bet > 0),
  win bigint not null default 0 check (win >= 0),
  -- pending: created, bet not yet accepted; refused: the wallet refused the bet (no round was
  -- played); bet_placed: bet taken and outcome drawn, win not yet confirmed by the wallet;
  -- settled: done; cancelled: the bet failed and was rolled back.
  status text not null check (status in ('pending', 'refused', 'bet_placed', 'settled', 'cancelled')),
  balance_before bigint,
  balance_after bigint,
  outcome jsonb,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create unique index rgs_rounds_session_request_key on rgs_rounds (session_id, request_id);
create index rgs_rounds_user_created_idx on rgs_rounds (user_id, created_at desc, id desc);
-- Rounds whose win the wallet has not confirmed yet are re-sent; this finds them.
create index rgs_rounds_unsettled_idx on rgs_rounds (user_id, id) where status = 'bet_placed';
