-- Provably fair rounds (docs/decisions/070-provably-fair.md). Each player has one current seed
-- pair: a server seed kept secret until the pair is rotated (its SHA-256 shown from the start), a
-- client seed the player may change, and the nonce the pair's next round will draw with. A round's
-- outcome is drawn from those three alone (packages/contracts/src/game-math/fair-draw.ts).
create table rgs_seed_pairs (
  id bigint primary key generated always as identity,
  user_id bigint not null references users (id),
  -- The 32 random bytes of the server seed, in hex; shown to the player only once revealed.
  server_seed text not null constraint rgs_seed_pairs_server_seed_check check (server_seed ~ '^[0-9a-f]{64}$'),
  -- SHA-256 of the server seed's bytes, in hex: what the player sees before playing.
  server_seed_hash text not null constraint rgs_seed_pairs_server_seed_hash_check check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  -- 1 to 64 visible ASCII characters (no space, no control character).
  client_seed text not null constraint rgs_seed_pairs_client_seed_check check (client_seed ~ '^[!-~]{1,64}$'),
  -- The nonce of the pair's next round: a round takes it and adds one in one statement, so two
  -- rounds of one pair never share a nonce. A round that fails after taking it leaves a gap.
  next_nonce bigint not null default 0 constraint rgs_seed_pairs_next_nonce_check check (next_nonce >= 0),
  created_at timestamptz not null default now(),
  -- When the player rotated the pair: from then on its server seed is shown and it draws no round.
  revealed_at timestamptz
);
-- A player's current pair: at most one, found by the round's statement through this index.
create unique index rgs_seed_pairs_current_key on rgs_seed_pairs (user_id) where revealed_at is null;
-- A player's past pairs, newest first.
create index rgs_seed_pairs_user_idx on rgs_seed_pairs (user_id, id desc);

-- A pair keeps its seeds: the server's role moves its nonce and reveals it, nothing else.
-- (Revoking UPDATE on a table revokes its column grants too, so the columns are granted after.)
revoke update, delete, truncate on rgs_seed_pairs from casino_app;
grant update (next_nonce, revealed_at) on rgs_seed_pairs to casino_app;

-- The seeds a round was drawn from: its pair and nonce (the pair holds the client seed, which never
-- changes: a new client seed is a new pair). Not a foreign key, so that a round locks no pair row
-- (docs/decisions/065); the round's own statement took both from the pair. Rounds played before
-- this migration have neither.
alter table rgs_rounds
  add column seed_pair_id bigint,
  add column nonce bigint,
  add constraint rgs_rounds_seeds_check check ((seed_pair_id is null) = (nonce is null));
