-- Mail-in entry, the free alternate method of entry (docs/decisions/069-mail-in-entry.md).
--
-- A player asks for a request code on /mail-in-entry and writes it on a postcard; an operator of
-- the back office types the code from each card received. A request is open until a card decides
-- it: credited (bonus SC through the ledger, its transfer named here) or refused with the reason.
-- A player has at most one open request (a partial unique index), and a code names one request.
-- Codes are 12 characters of an alphabet without look-alikes (no 0, 1, I, L, O, U), stored as the
-- operator types them once spaces and dashes are gone, so a card is looked up by its code.

-- The ledger's reasons gain mail_in_entry: a card's SC is a bonus credit (bonus SC), played
-- through like every other free SC.
alter table ledger_transfers drop constraint ledger_transfers_reason_check;
alter table ledger_transfers add constraint ledger_transfers_reason_check check (reason in (
  'welcome_bonus', 'daily_bonus', 'bet', 'win', 'bet_rollback', 'purchase', 'redemption_pending',
  'redemption_cancelled', 'redemption_paid', 'redemption_failed', 'vip_reward', 'spin_wheel', 'adjustment',
  'promo_code', 'referral_reward', 'rakeback', 'purchase_reversal', 'referral_reward_reversal', 'mail_in_entry'
));

create table mail_in_requests (
  id bigint primary key generated always as identity,
  user_id bigint not null references users (id),
  code text not null unique check (code ~ '^[A-HJKMNP-TV-Z2-9]{12}$'),
  status text not null default 'open' check (status in ('open', 'credited', 'refused')),
  refusal_reason text check (refusal_reason in ('identity_mismatch', 'postmark_outside_rules', 'cap_reached')),
  sc_amount bigint check (sc_amount > 0),
  transfer_id bigint unique references ledger_transfers (id),
  decided_at timestamptz,
  decided_by bigint references operators (id),
  created_at timestamptz not null default now(),
  constraint mail_in_requests_credit_check check ((status = 'credited') = (transfer_id is not null and sc_amount is not null)),
  constraint mail_in_requests_refusal_check check ((status = 'refused') = (refusal_reason is not null)),
  constraint mail_in_requests_decided_check check ((status = 'open') = (decided_at is null))
);
-- At most one open request per player: two requests at once cannot both open one.
create unique index mail_in_requests_open_key on mail_in_requests (user_id) where status = 'open';
-- The player's page lists their requests newest first.
create index mail_in_requests_user_idx on mail_in_requests (user_id, created_at desc, id desc);
-- The cap counts a player's credited cards since the start of the period.
create index mail_in_requests_credited_idx on mail_in_requests (user_id, decided_at) where status = 'credited';

-- Every card an operator entered, as entered, with what it decided: the desk's log. A card whose
-- code names no request keeps the code typed and no request. A request is credited by one card at
-- most (a partial unique index, beside the request's own row lock and the ledger's key).
create table mail_in_cards (
  id bigint primary key generated always as identity,
  request_id bigint references mail_in_requests (id),
  code_entered text not null check (length(code_entered) between 1 and 40),
  postmark_date date not null,
  identity_matches boolean not null,
  outcome text not null check (outcome in ('credited', 'refused')),
  refusal_reason text check (refusal_reason in ('code_unknown', 'code_used', 'identity_mismatch', 'postmark_outside_rules', 'cap_reached')),
  transfer_id bigint references ledger_transfers (id),
  operator_id bigint not null references operators (id),
  note text not null,
  created_at timestamptz not null default now(),
  constraint mail_in_cards_refused_check check ((outcome = 'refused') = (refusal_reason is not null)),
  constraint mail_in_cards_credit_check check ((outcome = 'credited') = (transfer_id is not null))
);
create unique index mail_in_cards_credited_key on mail_in_cards (request_id) where outcome = 'credited';
create index mail_in_cards_created_idx on mail_in_cards (created_at desc, id desc);
create index mail_in_cards_request_idx on mail_in_cards (request_id) where request_id is not null;

-- The server's role: a request is created, then decided once (its state, the credit, who and
-- when); its player and code never change, and no request or card is removed. Cards are a log:
-- written once. (Revoking UPDATE revokes column grants too, so the columns are granted after.)
revoke update, delete, truncate on mail_in_requests from casino_app;
grant update (status, refusal_reason, sc_amount, transfer_id, decided_at, decided_by) on mail_in_requests to casino_app;
revoke update, delete, truncate on mail_in_cards from casino_app;
