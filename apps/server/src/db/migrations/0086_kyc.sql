-- Identity verification. users.kyc_status stays the source of truth; a session
-- is one hosted verification at the vendor, and a webhook moves only the player's latest session.
create table kyc_sessions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  provider text not null,
  vendor_session_id text not null unique,
  url text not null,
  status text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index kyc_sessions_user_idx on kyc_sessions (user_id, id desc);

-- Every webhook event applied, by the vendor's event id: a replayed event changes nothing.
create table kyc_webhook_events (
  event_id text primary key,
  vendor_session_id text not null,
  status text not null,
  received_at timestamptz not null default now()
);
