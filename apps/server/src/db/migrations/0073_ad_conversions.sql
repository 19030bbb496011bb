-- Ad conversion events: registration, purchase and deposit, kept per provider
-- (Meta, Reddit) and forwarded by a job; the rows are also the sandbox's outbox. The e-mail is
-- stored only as its SHA-256; amounts in cents, currency USD. One row per provider, event and
-- event id, so the client's event and the server's for the same purchase count once.
create table ad_conversion_events (
  id bigint generated always as identity primary key,
  provider text not null check (provider in ('meta', 'reddit')),
  event_name text not null check (event_name in ('registration', 'purchase', 'deposit')),
  event_id text not null,
  source text not null check (source in ('server', 'client')),
  user_id bigint references users (id),
  email_sha256 text check (email_sha256 is null or email_sha256 ~ '^[0-9a-f]{64}$'),
  amount bigint check (amount is null or amount >= 0),
  currency text not null default 'USD',
  click_id text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  payload jsonb,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (provider, event_name, event_id)
);

create index ad_conversion_events_pending_idx on ad_conversion_events (created_at, id) where status = 'pending';

-- The ad click ids (cookies) of the browser that started a purchase, for its conversion events.
alter table payment_intents add column ad_click_ids jsonb not null default '{}'::jsonb;
