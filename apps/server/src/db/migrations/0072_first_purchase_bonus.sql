-- First-purchase bonus (seed 001 section 3 'firstPurchaseBonus: isClaimed,
-- percentage'): a player's first paid purchase of a package that applies credits its GC and SC
-- raised by the percentage. Claimed once per player: the unique index below.
create table purchase_bonus_settings (
  kind text primary key check (kind in ('first_purchase')),
  percentage integer not null check (percentage between 0 and 1000),
  is_active boolean not null default true,
  updated_at timestamptz not null default now()
);

-- The percentage offered when the intent was made (0: none), and whether the credit included it.
alter table payment_intents
  add column first_purchase_percentage integer not null default 0 check (first_purchase_percentage between 0 and 1000),
  add column first_purchase_bonus boolean not null default false;

create unique index payment_intents_first_purchase_bonus_key on payment_intents (user_id) where first_purchase_bonus;
