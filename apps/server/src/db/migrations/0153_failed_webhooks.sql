-- Failed webhook deliveries for the money desk to replay (docs/decisions/024-back-office.md).
-- A signed processor or payout-provider event whose handling threw is kept here, one row per
-- event (the provider's retries of the same event update it), until a retry or an operator's
-- replay applies it. Only the verified event as the handler reads it is kept: never a card
-- number, a token or a secret (the unauthenticated body of a refused signature is never stored).
create table failed_webhooks (
  id bigint primary key generated always as identity,
  provider text not null check (provider in ('FINIX', 'PAYNOTE')),
  -- The provider's event id: a retry of the same event carries the same one.
  event_id text not null check (length(event_id) between 1 and 200),
  -- What the event is about, for the desk: our purchase's merchantRefNum, our redemption's id.
  reference text not null,
  event jsonb not null,
  status text not null default 'failed' check (status in ('failed', 'replayed', 'resolved')),
  attempts integer not null default 1 check (attempts >= 1),
  last_error text not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  -- Set while an operator's replay runs the handler: a second replay is refused meanwhile.
  replay_started_at timestamptz,
  replayed_at timestamptz,
  replayed_by bigint references operators (id),
  resolved_at timestamptz,
  constraint failed_webhooks_event_key unique (provider, event_id),
  constraint failed_webhooks_replayed_check check (status <> 'replayed' or (replayed_at is not null and replayed_by is not null))
);
create index failed_webhooks_desk_idx on failed_webhooks (status, first_seen_at desc, id desc);
