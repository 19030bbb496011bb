-- The browsers a player has signed in from, to tell them of a sign-in from a new one
-- (docs/decisions/062-player-mails.md). A browser is known by a random id in a long-lived cookie
-- of its own; only the id's SHA-256 is kept, with when it was first and last seen: no user agent,
-- no address (the sessions keep those for as long as they live).
create table known_devices (
  user_id bigint not null references users (id),
  device_hash text not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  primary key (user_id, device_hash)
);
