-- The players desk. A blocked player cannot sign in and their sessions end;
-- lifting the block deletes the row (the audit trail keeps the history).
create table player_blocks (
  user_id bigint primary key references users (id),
  reason text not null,
  operator_id bigint not null references operators (id),
  created_at timestamptz not null default now()
);

-- Player search by part of a username or an e-mail (trigram indexes, pg_trgm from 0030) and by
-- the start of a phone number; ids use the primary key.
create index users_username_trgm_idx on users using gin (lower(username) gin_trgm_ops);
create index users_email_trgm_idx on users using gin (lower(email) gin_trgm_ops);
create index users_phone_pattern_idx on users (phone text_pattern_ops);
