-- Coin packages of the store (seed 001 section 3 'Package'). Amounts are hundredths:
-- amount and previous_amount in US cents, gc_coin and sc_coin in hundredths of a coin.
create table packages (
  id bigint generated always as identity primary key,
  slug text not null unique,
  package_type text,
  show_package_type boolean not null default false,
  amount bigint not null check (amount > 0),
  previous_amount bigint check (previous_amount is null or previous_amount > 0),
  gc_coin bigint not null check (gc_coin >= 0),
  sc_coin bigint not null check (sc_coin >= 0),
  image_url text,
  is_promo boolean not null default false,
  first_purchase_applicable boolean not null default false,
  welcome_purchase_bonus_applicable boolean not null default false,
  welcome_purchase_bonus_applicable_minutes integer check (welcome_purchase_bonus_applicable_minutes is null or welcome_purchase_bonus_applicable_minutes > 0),
  one_time_purchase_bonus_applicable boolean not null default false,
  valid_till timestamptz,
  is_active boolean not null default true,
  order_id integer not null default 0,
  created_at timestamptz not null default now()
);

create index packages_active_order_idx on packages (order_id, id) where is_active;
