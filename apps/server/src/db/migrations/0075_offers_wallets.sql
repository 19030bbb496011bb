-- Flash-sale offers and wallet payments (docs/decisions/011-offers-and-wallets.md).
--
-- offer_kind: the intent buys a flash-sale offer ('welcome': within
-- welcome_purchase_bonus_applicable_minutes since the player's registration; 'one_time': until
-- valid_till). Each offer is sold at most once per player: an intent claims its offer
-- (offer_claimed) when it is charged, and the unique index below lets one intent per player and
-- package hold the claim. A declined or failed charge gives the claim back; a success keeps it.
alter table payment_intents
  add column offer_kind text check (offer_kind in ('welcome', 'one_time')),
  add column offer_claimed boolean not null default false,
  add column payment_method text not null default 'CARD' check (payment_method in ('CARD', 'APPLE_PAY', 'GOOGLE_PAY', 'HOSTED')),
  add constraint payment_intents_offer_claim_check check (not offer_claimed or offer_kind is not null);

create unique index payment_intents_offer_claim_key on payment_intents (user_id, package_id) where offer_claimed;
