-- The daily spin wheel (decision 017). The wheel's segments and their weights
-- live here (operator-editable); the server draws a segment by weight with a cryptographic RNG.
create table spin_wheel_segments (
  id bigint generated always as identity primary key,
  -- The segment's place on the wheel, clockwise from the pointer: the index the wheel stops on.
  position integer not null check (position >= 0),
  gc_amount bigint not null check (gc_amount >= 0),
  sc_amount bigint not null check (sc_amount >= 0),
  weight integer not null check (weight > 0),
  is_jackpot boolean not null default false,
  is_active boolean not null default true,
  updated_at timestamptz not null default now(),
  constraint spin_wheel_segments_some_prize check (gc_amount + sc_amount > 0)
);
create unique index spin_wheel_segments_active_position_key on spin_wheel_segments (position) where is_active;

-- Every spin, with what it won and its ledger credit. One spin per player per 24 hours: decided
-- under the player's ledger lock, and the ledger key names the player's spin number.
create table spin_wheel_spins (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  segment_id bigint not null references spin_wheel_segments (id),
  position integer not null,
  gc_amount bigint not null,
  sc_amount bigint not null,
  transfer_id bigint not null references ledger_transfers (id),
  claimed_at timestamptz not null default now()
);
create index spin_wheel_spins_user_claimed_idx on spin_wheel_spins (user_id, claimed_at desc);
