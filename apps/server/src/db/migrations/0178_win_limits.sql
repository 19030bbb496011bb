-- Every win has an upper bound (docs/decisions/058-win-limits.md): at most its game's maximum win
-- multiplier times the round's bet. This migration gives games that multiplier and keeps the wins
-- refused for passing it; the rule is checked where the win is paid, under the player's lock, in
-- the wallet function's own transaction (money/functions/wallet_win_within_limit.sql,
-- wallet_win_limit_refusal.sql, called by wallet_win and the round's functions).
--
-- A win above the limit is refused whole: nothing is paid, no bet is taken by the call that carried
-- it, the round stays as it was. The refusal commits its record in refused_wins, which the money
-- desk lists, and a money alert; the wallet service logs it at error level. A repeat of the refused
-- call (the same win transaction id) is refused again and records nothing more.

-- The game's maximum win as a multiple of the round's bet. An in-house title's is its math's
-- maximum, which the server writes at every start (modules/games/in-house-win-limits.ts); any
-- other game's is set here per game, and this default bounds a game nobody set. The back office
-- does not edit games: a game and its cap are written in the database.
alter table casino_games add column max_win_multiplier integer not null default 10000
  constraint casino_games_max_win_multiplier_check check (max_win_multiplier between 1 and 1000000);

-- Wins the wallet refused for being above their game's limit: one row per refused win
-- transaction, with the bet and the limit it was judged on. Append-only, like the audit trail.
create table refused_wins (
  id bigint primary key generated always as identity,
  -- The win's transaction id, as the game server sent it: its repeats record nothing more.
  transaction_id text not null constraint refused_wins_transaction_key unique,
  user_id bigint not null references users (id),
  game_id bigint not null,
  round_id text not null,
  coin text not null check (coin in ('GC', 'SC')),
  -- The round's bets, the win asked for, and the limit in force (max_win = bet_amount * max_win_multiplier).
  bet_amount bigint not null check (bet_amount > 0),
  win_amount bigint not null check (win_amount > max_win),
  max_win_multiplier integer not null,
  max_win bigint not null,
  created_at timestamptz not null default now()
);
create index refused_wins_created_idx on refused_wins (created_at desc, id desc);
revoke update, delete, truncate on refused_wins from casino_app;
