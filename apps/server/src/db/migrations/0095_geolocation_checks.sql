-- The location compliance gate: every decision on a location packet, for audit (player,
-- session, reason, result, region, IP, time). A packet is decided once: its id is unique, so a
-- replayed packet finds its first decision and is refused. Packets that could not be read
-- (forged, expired, another session's) are kept as 'rejected' rows without a packet id.
create table geolocation_checks (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  session_id bigint not null references sessions (id),
  packet_id text unique,
  reason text not null,
  result text not null check (result in ('allowed', 'blocked', 'rejected')),
  error_code integer not null,
  region text,
  country text,
  ip text not null,
  mode text not null check (mode in ('enforce', 'monitor')),
  located_at timestamptz,
  created_at timestamptz not null default now()
);

-- The guard reads the latest decision of a login session.
create index geolocation_checks_session_idx on geolocation_checks (session_id, created_at desc, id desc);
create index geolocation_checks_user_idx on geolocation_checks (user_id, created_at desc);
