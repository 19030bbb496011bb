-- Referring yourself must not pay (docs/decisions/056-referral-rewards-held-for-review.md).
--
-- What a sign-up tells of who the player is, kept as it was then: the mailbox (the e-mail
-- normalised: case, plus-tags, the dots of a Gmail address) and the address and browser it came
-- from. sign_in_ip changes at every login and the profile's e-mail may change; these do not.
-- Accounts from before have none: the reward's rule normalises their e-mail when it needs it.
alter table users
  add column email_normalised text,
  add column sign_up_ip text,
  add column sign_up_user_agent text;
create index users_email_normalised_idx on users (email_normalised) where email_normalised is not null;
create index users_sign_up_device_idx on users (sign_up_ip, sign_up_user_agent) where sign_up_ip is not null;

-- The processor's fingerprint of the card a purchase was paid with (the same card number, the same
-- print, whoever pays with it), and a purchase refunded or charged back afterwards (status 10).
alter table payment_intents
  add column card_fingerprint text,
  add column reversal_kind text check (reversal_kind in ('refund', 'chargeback')),
  add column reversed_at timestamptz,
  add column reversal_transfer_id bigint unique references ledger_transfers (id);
-- A reversed purchase was paid: it keeps its credit, and its reversal is a transfer of its own.
alter table payment_intents drop constraint payment_intents_status_check;
alter table payment_intents add constraint payment_intents_status_check check (status in (0, 1, 3, 6, 7, 10, 11));
alter table payment_intents drop constraint payment_intents_check;
alter table payment_intents add constraint payment_intents_credit_check check ((status in (1, 10)) = (credited_transfer_id is not null));
alter table payment_intents add constraint payment_intents_reversal_check check ((status = 10) = (reversal_transfer_id is not null));
create index payment_intents_card_fingerprint_idx on payment_intents (card_fingerprint, user_id) where card_fingerprint is not null;
alter table payment_saved_cards add column card_fingerprint text;

-- A referral's reward goes through states: linked (no purchase yet), paid, held for review (with
-- the reasons), rejected by an operator, reversed (the friend's purchase was refunded or charged
-- back), or off (the first purchase came while rewards were switched off). status_at is when it
-- reached its state: the review queue is read by status in that order (keyset, referrals_queue_idx).
alter table referrals
  add column status text not null default 'linked' check (status in ('linked', 'paid', 'held', 'rejected', 'reversed', 'off')),
  add column status_at timestamptz not null default now(),
  add column hold_reasons text[] not null default '{}',
  add column reward_intent_id bigint,
  add column decided_by bigint references operators (id),
  add column decision_reason text,
  add column reversal_kind text check (reversal_kind in ('refund', 'chargeback')),
  add column reversal_transfer_id bigint references ledger_transfers (id),
  add column reversal_gc bigint,
  add column reversal_sc bigint;
update referrals
set status = case when reward_transfer_id is not null then 'paid' when rewarded_at is not null then 'off' else 'linked' end,
    status_at = coalesce(rewarded_at, created_at);
create index referrals_queue_idx on referrals (status, status_at, referred_user_id);
-- The daily cap counts a referrer's rewards paid since the start of the UTC day.
create index referrals_paid_idx on referrals (referrer_user_id, rewarded_at) where status = 'paid';
