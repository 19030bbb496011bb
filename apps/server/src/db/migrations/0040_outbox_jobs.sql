-- The money core (docs/decisions/007-money-core.md).
--
-- Domain events: written in the same transaction as the money they describe (a transactional
-- outbox), delivered after commit, at least once. A delivery runs every subscriber's database
-- work in one transaction with `delivered_at`, under a row lock taken with skip locked, so two
-- server processes never deliver one event at the same time and a subscriber's rows are written
-- once. A delivery that fails is tried again later with a growing delay; after max attempts the
-- event is set aside (failed_at) for an operator.
create table outbox_events (
  id bigint generated always as identity primary key,
  type text not null,
  user_id bigint references users (id),
  payload jsonb not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  failed_at timestamptz,
  last_error text
);
-- The delivery sweep reads only what is still to deliver, oldest first.
create index outbox_events_pending_idx on outbox_events (next_attempt_at, id)
  where delivered_at is null and failed_at is null;

-- Play totals per player, UTC day and coin, kept by an event subscriber: SC wagered for
-- play-through and VIP progress, per-day bet totals for responsible-play limits.
create table player_daily_totals (
  user_id bigint not null references users (id),
  day date not null,
  coin text not null check (coin in ('GC', 'SC')),
  wagered bigint not null default 0 check (wagered >= 0),
  won bigint not null default 0 check (won >= 0),
  rounds integer not null default 0 check (rounds >= 0),
  primary key (user_id, day, coin)
);

-- Background jobs on the embedded database (PGlite): the same interface as pg-boss, which runs
-- them on PostgreSQL. Rows survive a restart; a singleton key keeps one queued job per name.
create table local_jobs (
  id bigint generated always as identity primary key,
  name text not null,
  data jsonb not null default '{}'::jsonb,
  state text not null default 'created' check (state in ('created', 'active', 'completed', 'failed')),
  singleton_key text,
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  last_error text,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index local_jobs_due_idx on local_jobs (run_at, id) where state = 'created';
create unique index local_jobs_singleton_key on local_jobs (name, singleton_key)
  where singleton_key is not null and state in ('created', 'active');

-- A crashed server leaves rounds open; the recovery job finds them by age.
create index rgs_rounds_open_idx on rgs_rounds (created_at, id) where status in ('pending', 'bet_placed');
