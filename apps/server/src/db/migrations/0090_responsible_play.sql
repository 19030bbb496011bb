-- Responsible play (seed 001 sections 3 'Responsible gambling data' and 5 'Limits'):
-- purchase (deposit) and bet limits, time breaks and self-exclusions, and the exact totals the
-- limits are checked against inside the money transaction (docs/decisions/014-responsible-play.md).

-- One row per player and limit. `amount` is the limit in force; a raise or a removal waits 24
-- hours in pending_amount / pending_at (pending_amount null with pending_at set: a removal).
create table responsible_play_limits (
  user_id bigint not null references users (id),
  kind text not null check (kind in (
    'dailyDepositLimit', 'weeklyDepositLimit', 'monthlyDepositLimit',
    'dailyBetLimit', 'weeklyBetLimit', 'monthlyBetLimit'
  )),
  amount bigint not null check (amount > 0),
  created_at timestamptz not null default now(),
  pending_amount bigint check (pending_amount > 0),
  pending_at timestamptz,
  primary key (user_id, kind),
  check (pending_amount is null or pending_at is not null)
);

-- Time breaks and self-exclusions. ends_at null: indefinite. Never shortened or deleted.
create table responsible_play_exclusions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  kind text not null check (kind in ('time_break', 'self_exclusion')),
  period text not null,
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at)
);
create index responsible_play_exclusions_user_idx on responsible_play_exclusions (user_id, ends_at);

-- SC wagered per player and UTC day, written in the bet's own transaction under the player's
-- lock (player_daily_totals is fed after commit and lags, so it cannot enforce a limit).
create table responsible_play_bet_days (
  user_id bigint not null references users (id),
  day date not null,
  amount bigint not null default 0 check (amount >= 0),
  primary key (user_id, day)
);

-- A purchase counts against the deposit limits from the moment it is reserved for charging
-- (under the player's lock, before the processor is asked to charge) until it fails.
alter table payment_intents add column limit_reserved_at timestamptz;
update payment_intents set limit_reserved_at = updated_at where status = 1;
create index payment_intents_limit_reserved_idx on payment_intents (user_id, limit_reserved_at) where limit_reserved_at is not null;

-- SC bets made before this migration count in their day (rolled-back bets left out).
insert into responsible_play_bet_days (user_id, day, amount)
select bet.user_id, (bet.created_at at time zone 'UTC')::date, sum(bet.amount)
from casino_wallet_transactions bet
where bet.action = 'bet' and bet.coin = 'SC' and bet.amount > 0
  and not exists (
    select 1 from casino_wallet_transactions rollback
    where rollback.rolls_back_transaction_id = bet.transaction_id and rollback.amount > 0
  )
group by 1, 2;
