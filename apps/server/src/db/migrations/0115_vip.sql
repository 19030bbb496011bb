-- The VIP programme (decision 018). Seven tiers, their thresholds and rewards in
-- hundredths, percentages in basis points (100 = 1%). A tier is reached by SC wagered OR GC
-- purchased; reaching it credits its bonus once; rakeback pays a share of each day's SC net loss.
create table vip_tiers (
  vip_tier_id integer primary key check (vip_tier_id between 1 and 20),
  name text not null,
  sc_required_play bigint not null check (sc_required_play >= 0),
  gc_required_purchase bigint not null check (gc_required_purchase >= 0),
  bonus_gc bigint not null check (bonus_gc >= 0),
  bonus_sc bigint not null check (bonus_sc >= 0),
  rakeback_bps integer not null check (rakeback_bps between 0 and 10000),
  boost_bps integer not null check (boost_bps between 0 and 10000),
  welcome_reward text not null default '',
  vip_club_access boolean not null default false,
  updated_at timestamptz not null default now()
);

insert into vip_tiers (vip_tier_id, name, sc_required_play, gc_required_purchase, bonus_gc, bonus_sc, rakeback_bps, boost_bps, welcome_reward, vip_club_access) values
  (1, 'Bronze', 0, 0, 0, 0, 50, 100, 'Welcome to the VIP club', false),
  (2, 'Silver', 50000, 5000000, 1000000, 500, 100, 200, '10,000 GC + 5 SC', false),
  (3, 'Gold', 250000, 25000000, 2500000, 1500, 150, 300, '25,000 GC + 15 SC', false),
  (4, 'Platinum', 1000000, 100000000, 5000000, 5000, 200, 500, '50,000 GC + 50 SC', true),
  (5, 'Diamond', 5000000, 500000000, 10000000, 15000, 300, 750, '100,000 GC + 150 SC', true),
  (6, 'Emerald', 20000000, 2000000000, 25000000, 50000, 400, 1000, '250,000 GC + 500 SC', true),
  (7, 'Ruby', 100000000, 10000000000, 100000000, 200000, 500, 1500, '1,000,000 GC + 2,000 SC', true);

-- Each player's progress, kept from the money core's events (exactly once per event: the event's
-- delivery transaction writes it). current_tier is the highest tier reached.
create table vip_progress (
  user_id bigint primary key references users (id),
  sc_wagered bigint not null default 0 check (sc_wagered >= 0),
  gc_purchased bigint not null default 0 check (gc_purchased >= 0),
  current_tier integer not null default 1 references vip_tiers (vip_tier_id),
  updated_at timestamptz not null default now()
);

-- A tier's reward, once per player and tier.
create table vip_tier_rewards (
  user_id bigint not null references users (id),
  vip_tier_id integer not null references vip_tiers (vip_tier_id),
  transfer_id bigint references ledger_transfers (id),
  credited_at timestamptz not null default now(),
  primary key (user_id, vip_tier_id)
);

-- Rakeback: once per player and UTC day, on that day's SC net loss (wagered - won).
create table vip_rakeback_credits (
  user_id bigint not null references users (id),
  day date not null,
  sc_wagered bigint not null,
  sc_won bigint not null,
  rakeback_bps integer not null,
  amount bigint not null check (amount > 0),
  transfer_id bigint not null references ledger_transfers (id),
  credited_at timestamptz not null default now(),
  primary key (user_id, day)
);

-- The rakeback job reads one day's SC totals of every player.
create index player_daily_totals_day_coin_idx on player_daily_totals (day, coin);
