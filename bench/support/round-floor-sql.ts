// The smallest round that keeps what the money rules ask of one (bench/round-floor.ts): the
// player's balance moved under the row's lock and never below zero, one transfer for the round's
// net movement with its idempotency key unique, its two entries (the player's and the house's
// game-play account), the round's row (unique per game and round id, listed per player) and one
// outbox event. Five rows and one update with ten index entries, in one statement; the product's
// round writes twelve rows and two updates with 35 index entries through five PL/pgSQL functions
// (docs/decisions/065).

/** The schema of the floor, in a schema of its own (round_floor) beside the product's tables. */
export const FLOOR_SCHEMA = `
drop schema if exists round_floor cascade;
create schema round_floor;
create table round_floor.accounts (id bigint primary key, balance bigint not null check (balance >= 0));
create table round_floor.transfers (
  id bigint generated always as identity primary key, idempotency_key text not null unique, user_id bigint not null,
  amount bigint not null, created_at timestamptz not null default now());
create index on round_floor.transfers (user_id, created_at desc, id desc);
create table round_floor.entries (transfer_id bigint not null, account_id bigint not null, amount bigint not null,
  primary key (transfer_id, account_id));
create table round_floor.rounds (
  id bigint generated always as identity primary key, game_id bigint not null, round_id text not null, user_id bigint not null,
  bet bigint not null, win bigint not null, transfer_id bigint not null, created_at timestamptz not null default now(),
  unique (game_id, round_id));
create index on round_floor.rounds (user_id, created_at desc, id desc);
create table round_floor.events (
  id bigint generated always as identity primary key, user_id bigint not null, payload jsonb not null,
  created_at timestamptz not null default now(), delivered_at timestamptz);
create index on round_floor.events (created_at, id) where delivered_at is null;
`;

/** Players are accounts 1..n, the house's game-play account is 0. */
export const floorPlayers = (count: number, balance: number) =>
  `insert into round_floor.accounts (id, balance) select g, case when g = 0 then 0 else ${balance} end from generate_series(0, ${count}) g`;

/** $1 the player (1..n), $2 the round's id, $3 1 for a round won (twice the bet of 100) or 0. */
export const ROUND_STATEMENT = `
with moved as (
  update round_floor.accounts set balance = balance - 100 + $3::bigint * 200
  where id = $1::bigint and balance >= 100
  returning id, balance
), transfer as (
  insert into round_floor.transfers (idempotency_key, user_id, amount)
  select 'round:' || $2::text, id, -100 + $3::bigint * 200 from moved
  returning id, user_id, amount
), entries as (
  insert into round_floor.entries (transfer_id, account_id, amount)
  select id, user_id, amount from transfer union all select id, 0, -amount from transfer
), round as (
  insert into round_floor.rounds (game_id, round_id, user_id, bet, win, transfer_id)
  select 1, $2::text, user_id, 100, $3::bigint * 200, id from transfer
), event as (
  insert into round_floor.events (user_id, payload)
  select id, jsonb_build_object('type', 'RoundSettled', 'roundId', $2::text, 'balance', balance) from moved
)
select balance from moved`;
