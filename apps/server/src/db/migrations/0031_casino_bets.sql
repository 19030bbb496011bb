-- The casino's side of the seamless-wallet API: every call a game server makes,
-- keyed by the game server's transaction id, and one bet row per game round, which bet history,
-- recently played and live winners read. Amounts are integer hundredths.
create table casino_wallet_transactions (
  id bigint generated always as identity primary key,
  -- The game server's transaction id: a repeated call with the same id moves nothing again.
  transaction_id text not null unique,
  action text not null check (action in ('bet', 'win', 'rollback')),
  -- A hash of the request, so that the same transaction id with a different request is refused.
  fingerprint text not null,
  user_id bigint not null references users (id),
  game_id bigint not null references casino_games (id),
  round_id text not null,
  coin text not null check (coin in ('GC', 'SC')),
  amount bigint not null check (amount >= 0),
  -- For a rollback: the bet transaction it reverses (which may not have arrived yet).
  rolls_back_transaction_id text,
  -- Null for a rollback of a bet that never arrived (nothing to move).
  ledger_transfer_id bigint,
  balance_before bigint not null,
  balance_after bigint not null,
  created_at timestamptz not null default now()
);
create unique index casino_wallet_transactions_rollback_key
  on casino_wallet_transactions (rolls_back_transaction_id) where rolls_back_transaction_id is not null;
create index casino_wallet_transactions_round_idx on casino_wallet_transactions (game_id, round_id);

create table casino_bets (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  game_id bigint not null references casino_games (id),
  round_id text not null,
  coin text not null check (coin in ('GC', 'SC')),
  bet_amount bigint not null default 0 check (bet_amount >= 0),
  win_amount bigint not null default 0 check (win_amount >= 0),
  status text not null check (status in ('open', 'settled', 'rolled_back')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- When the round's last win arrived; live winners are the latest of these.
  won_at timestamptz
);
create unique index casino_bets_round_key on casino_bets (game_id, round_id);
-- Bet history: a player's rounds newest first, with or without the coin filter.
create index casino_bets_user_created_idx on casino_bets (user_id, created_at desc, id desc);
create index casino_bets_user_coin_created_idx on casino_bets (user_id, coin, created_at desc, id desc);
-- Live winners: the latest wins of everyone.
create index casino_bets_wins_idx on casino_bets (won_at desc, id desc) where win_amount > 0;

-- Recently played: one row per player and game, touched by every bet, so the list is an index
-- read however many rounds the player has played.
create table casino_recent_games (
  user_id bigint not null references users (id),
  game_id bigint not null references casino_games (id),
  last_played_at timestamptz not null,
  primary key (user_id, game_id)
);
create index casino_recent_games_user_played_idx on casino_recent_games (user_id, last_played_at desc, game_id);
