-- The account area.

-- Avatars: the re-encoded image, one per player (a new upload replaces the row and its id).
create table profile_images (
  id text primary key,
  user_id bigint not null unique references users (id),
  content_type text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);

-- GET /payment/transactions?actionType=deposit lists a player's charged intents by updated_at.
create index payment_intents_user_updated_idx on payment_intents (user_id, updated_at desc, id desc) where status <> 0;
