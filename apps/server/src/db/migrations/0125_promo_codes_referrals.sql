-- Promo codes and referrals (decision 020).
--
-- A promo code's bonus is credited once, when the e-mail of a player who signed up with it is
-- verified. `uses` counts the credits; the check keeps it within max_uses, so the last use is
-- taken by exactly one of the players verifying at once (the conditional update that raises it
-- locks the code's row).
create table promo_codes (
  id bigint generated always as identity primary key,
  code text not null check (code ~ '^[A-Z0-9]{3,20}$'),
  description text not null default '',
  gc_amount bigint not null check (gc_amount >= 0),
  sc_amount bigint not null check (sc_amount >= 0),
  valid_from timestamptz not null default now(),
  valid_until timestamptz,
  max_uses integer check (max_uses is null or max_uses > 0),
  uses integer not null default 0 check (uses >= 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint promo_codes_some_bonus check (gc_amount + sc_amount > 0),
  constraint promo_codes_uses_within_limit check (max_uses is null or uses <= max_uses),
  constraint promo_codes_window check (valid_until is null or valid_until > valid_from)
);
create unique index promo_codes_code_key on promo_codes (code);

-- What became of a player's promo code at verification: credited (with its ledger transfer) or
-- refused (expired, used up, switched off meanwhile). One row per player: a player has one code.
create table promo_code_redemptions (
  id bigint generated always as identity primary key,
  promo_code_id bigint not null references promo_codes (id),
  user_id bigint not null references users (id),
  status text not null check (status in ('credited', 'refused')),
  refusal text,
  transfer_id bigint references ledger_transfers (id),
  created_at timestamptz not null default now(),
  check ((status = 'credited') = (transfer_id is not null))
);
create unique index promo_code_redemptions_user_key on promo_code_redemptions (user_id);
create index promo_code_redemptions_code_idx on promo_code_redemptions (promo_code_id);

-- A player's own referral code, made when they first open the refer-a-friend page.
alter table users add column referral_code text;
create unique index users_referral_code_key on users (referral_code);

-- Who referred whom; the referrer's reward is credited once, on the referred player's first purchase.
create table referrals (
  referred_user_id bigint primary key references users (id),
  referrer_user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  rewarded_at timestamptz,
  reward_transfer_id bigint references ledger_transfers (id),
  reward_gc bigint,
  reward_sc bigint,
  check (referred_user_id <> referrer_user_id)
);
create index referrals_referrer_idx on referrals (referrer_user_id, created_at desc);

-- The reward a referrer gets, in hundredths; one row, operator-editable (no row: no reward).
create table referral_settings (
  id smallint primary key default 1 check (id = 1),
  gc_amount bigint not null check (gc_amount >= 0),
  sc_amount bigint not null check (sc_amount >= 0),
  is_active boolean not null default true,
  updated_at timestamptz not null default now()
);
