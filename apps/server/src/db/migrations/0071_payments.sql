-- Purchases: one payment intent per attempt to buy a package. Card numbers never reach
-- these tables: the processor's own page tokenises the card, and we keep its instrument id, the
-- brand and the last four digits only.
--
-- status is the transaction status number of seed 001 section 4: 0 pending, 1 success,
-- 3 failed, 6 declined, 7 in-process, 11 short (the processor reported another amount or currency
-- than the intent's: nothing is credited and an operator alert is recorded).
create table payment_intents (
  id bigint generated always as identity primary key,
  merchant_ref_num text not null unique,
  user_id bigint not null references users (id),
  package_id bigint not null references packages (id),
  provider_type text not null check (provider_type in ('FINIX')),
  amount bigint not null check (amount > 0),
  currency text not null default 'USD',
  gc_coin bigint not null check (gc_coin >= 0),
  sc_coin bigint not null check (sc_coin >= 0),
  status smallint not null default 0 check (status in (0, 1, 3, 6, 7, 11)),
  processor_transfer_id text unique,
  instrument_id text,
  failure_message text,
  -- The credit of a purchase: at most one ledger transfer per intent, and one intent per transfer.
  credited_transfer_id bigint unique references ledger_transfers (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 1) = (credited_transfer_id is not null))
);

create index payment_intents_user_idx on payment_intents (user_id, created_at desc);
create index payment_intents_open_idx on payment_intents (updated_at) where status in (0, 7);

-- Cards a player chose to keep: the processor's instrument, never the number.
create table payment_saved_cards (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  instrument_id text not null unique,
  name text not null default '',
  brand text not null,
  last_four text not null check (last_four ~ '^[0-9]{4}$'),
  created_at timestamptz not null default now(),
  removed_at timestamptz
);

create index payment_saved_cards_user_idx on payment_saved_cards (user_id) where removed_at is null;

-- Every processor webhook whose signature was valid, once per event id (replays are answered
-- without being applied twice).
create table payment_webhook_events (
  event_id text primary key,
  provider_type text not null,
  merchant_ref_num text,
  transfer_state text not null,
  received_at timestamptz not null default now()
);

-- What an operator must look at: a verified result that does not match its intent.
create table payment_alerts (
  id bigint generated always as identity primary key,
  intent_id bigint not null references payment_intents (id),
  kind text not null,
  details jsonb not null,
  created_at timestamptz not null default now()
);
