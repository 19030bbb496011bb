-- Redemption (docs/decisions/016-redemption.md).
--
-- Bank accounts linked through the payout provider's widget: only the provider's reference and the
-- last digits of the account number are kept, never the number itself.
create table bank_funding_sources (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  provider text not null check (provider in ('PAYNOTE')),
  provider_reference text not null,
  bank text not null,
  last_digits text not null check (last_digits ~ '^[0-9]{2,4}$'),
  is_primary boolean not null default false,
  created_at timestamptz not null default now(),
  unique (provider, provider_reference)
);
create index bank_funding_sources_user_idx on bank_funding_sources (user_id, id);
-- One Active account per player.
create unique index bank_funding_sources_primary_key on bank_funding_sources (user_id) where is_primary;

-- One row per redemption request. status is seed 001 section 4's number: 0 pending (in the review
-- window, cancellable), 7 in process (handed to the payout provider), 1 success, 2 cancelled,
-- 3 failed. amount is SC in hundredths (1 SC = 1 USD).
create table redemptions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  amount bigint not null check (amount > 0),
  status smallint not null default 0 check (status in (0, 1, 2, 3, 7)),
  method text not null check (method in ('BANK', 'EWALLET')),
  funding_source_id bigint references bank_funding_sources (id),
  actionable_email text,
  payout_id text unique,
  failure_reason text,
  requested_transfer_id bigint not null unique references ledger_transfers (id),
  settled_transfer_id bigint unique references ledger_transfers (id),
  submitted_at timestamptz,
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((method = 'BANK') = (funding_source_id is not null)),
  check ((method = 'EWALLET') = (actionable_email is not null)),
  check ((status in (1, 2, 3)) = (settled_transfer_id is not null))
);
create index redemptions_user_created_idx on redemptions (user_id, created_at desc, id desc);
create index redemptions_due_idx on redemptions (created_at) where status in (0, 7);

-- The audit table of redemptions flagged for review (large or repeated ones).
create table redemption_flags (
  id bigint generated always as identity primary key,
  redemption_id bigint not null references redemptions (id),
  user_id bigint not null references users (id),
  reason text not null check (reason in ('daily_total_at_or_above_10000', 'repeated_near_daily_cap')),
  day_total bigint not null,
  day_count integer not null,
  created_at timestamptz not null default now(),
  unique (redemption_id, reason)
);
create index redemption_flags_user_idx on redemption_flags (user_id, created_at desc);

-- The payout provider's webhook events already applied (a replayed event id is answered, not applied).
create table payout_webhook_events (
  event_id text primary key,
  payout_id text not null,
  received_at timestamptz not null default now()
);

-- Actions an operator has restricted for a player (seed 001: a restricted player's redeem gets 3079).
create table player_restrictions (
  user_id bigint not null references users (id),
  action text not null check (action in ('redeem')),
  reason text,
  created_at timestamptz not null default now(),
  primary key (user_id, action)
);
