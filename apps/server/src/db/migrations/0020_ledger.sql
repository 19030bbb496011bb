-- The wallet: a double-entry ledger of GC and SC (docs/ARCHITECTURE.md 'The money core',
-- docs/decisions/004-ledger.md). Amounts are integer hundredths. What the database enforces on
-- these tables beyond their constraints (append-only rows, transfers that sum to zero per coin,
-- accounts that stay) are the triggers of money/functions (ledger_append_only.sql,
-- ledger_entries_balanced.sql, ledger_accounts_stay.sql).

-- Accounts. A player owns GC, SC_BONUS (bsc), SC_UNPLAYED (psc), SC_REDEEMABLE (wsc) and
-- SC_PENDING_REDEMPTION (redeemable SC on its way out), created on first use, each with a cached
-- balance that can never go below zero. House accounts (user_id null) are the other side of
-- every movement; they keep no cached balance (it would be one row every transfer of every player
-- locks), their balance is the sum of their entries.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  user_id bigint references users (id),
  kind text not null,
  coin text not null check (coin in ('GC', 'SC')),
  balance bigint,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_kind_check check (
    (user_id is not null and (
      (kind = 'GC' and coin = 'GC')
      or (kind in ('SC_BONUS', 'SC_UNPLAYED', 'SC_REDEEMABLE', 'SC_PENDING_REDEMPTION') and coin = 'SC')))
    or (user_id is null and kind in ('PROMOTIONS', 'PURCHASES', 'GAME_PLAY', 'PAYOUTS', 'ADJUSTMENTS'))
  ),
  constraint ledger_accounts_player_balance_check check (
    (user_id is not null and balance is not null and balance >= 0) or (user_id is null and balance is null)
  )
);
-- Lets entries reference (account, coin) so that an entry's coin is always its account's coin.
create unique index ledger_accounts_id_coin_key on ledger_accounts (id, coin);
create unique index ledger_accounts_player_key on ledger_accounts (user_id, kind) where user_id is not null;
create unique index ledger_accounts_house_key on ledger_accounts (kind, coin) where user_id is null;

insert into ledger_accounts (user_id, kind, coin, balance)
select null, kind, coin, null
from (values ('PROMOTIONS'), ('PURCHASES'), ('GAME_PLAY'), ('PAYOUTS'), ('ADJUSTMENTS')) as kinds (kind)
cross join (values ('GC'), ('SC')) as coins (coin);

-- Transfers: one per movement, keyed by a unique idempotency key. The fingerprint is a hash of
-- the request, so that the same key with a different request is refused; the balances before
-- and after are what a replay returns. user_id is the player the movement concerns.
create table ledger_transfers (
  id bigint generated always as identity primary key,
  idempotency_key text not null,
  fingerprint text not null,
  user_id bigint not null references users (id),
  reason text not null check (reason in (
    'welcome_bonus', 'daily_bonus', 'bet', 'win', 'bet_rollback', 'purchase', 'redemption_pending',
    'redemption_cancelled', 'redemption_paid', 'redemption_failed', 'vip_reward', 'spin_wheel', 'adjustment'
  )),
  reference text,
  details jsonb,
  -- The transfer a bet rollback reverses; unique: a bet is rolled back at most once.
  reverses_transfer_id bigint references ledger_transfers (id),
  -- Net change of the player's GC and of the player's spendable SC (bsc + psc + wsc).
  gc_amount bigint not null,
  sc_amount bigint not null,
  balances_before jsonb not null,
  balances_after jsonb not null,
  created_at timestamptz not null default now()
);
create unique index ledger_transfers_idempotency_key on ledger_transfers (idempotency_key);
create unique index ledger_transfers_reverses_key on ledger_transfers (reverses_transfer_id) where reverses_transfer_id is not null;
-- A player's history, newest first, optionally by reason and date range, is read from this index.
create index ledger_transfers_user_created_idx on ledger_transfers (user_id, created_at desc, id desc);

create table ledger_entries (
  id bigint generated always as identity primary key,
  transfer_id bigint not null references ledger_transfers (id),
  account_id bigint not null,
  coin text not null check (coin in ('GC', 'SC')),
  amount bigint not null check (amount <> 0),
  constraint ledger_entries_account_coin_fkey foreign key (account_id, coin) references ledger_accounts (id, coin)
);
create index ledger_entries_transfer_idx on ledger_entries (transfer_id);
create index ledger_entries_account_idx on ledger_entries (account_id);
