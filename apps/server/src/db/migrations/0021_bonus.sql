-- Welcome and daily bonus amounts, configured by the operator. Claims are not stored
-- here: a claim is a ledger transfer whose idempotency key names the bonus, the player and (for
-- the daily bonus) the UTC day, so the ledger's unique key is what makes a claim happen once.
create table bonus_settings (
  bonus_type text primary key check (bonus_type in ('welcome', 'daily')),
  gc_amount bigint not null check (gc_amount >= 0),
  sc_amount bigint not null check (sc_amount >= 0),
  is_active boolean not null default true,
  updated_at timestamptz not null default now()
);
