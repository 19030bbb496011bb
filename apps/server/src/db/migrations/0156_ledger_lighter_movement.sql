-- A lighter ledger movement (docs/decisions/064-money-path-speed.md).
--
-- 1. The small helpers the ledger and the wallet call from PL/pgSQL were SQL functions. PostgreSQL
--    15 does not inline them there and keeps no plan for them: every call parsed and planned its
--    body again (a round called them nine times). As PL/pgSQL functions their expressions and
--    their one insert are planned once per connection. Bodies, arguments and answers unchanged.
create or replace function ledger_balances_json(a ledger_player_accounts) returns jsonb
language plpgsql immutable as $$
begin
  return jsonb_build_object('gc', a.gc, 'bsc', a.bsc, 'psc', a.psc, 'wsc', a.wsc);
end
$$;

create or replace function ledger_transfer_result(t ledger_transfers, p_replayed boolean) returns jsonb
language plpgsql stable as $$
begin
  return jsonb_build_object(
    'transferId', t.id, 'replayed', p_replayed, 'userId', t.user_id,
    'balancesBefore', t.balances_before, 'balancesAfter', t.balances_after);
end
$$;

create or replace function wallet_coin_balance(a ledger_player_accounts, p_coin text) returns bigint
language plpgsql immutable as $$
begin
  return case when p_coin = 'GC' then a.gc else a.bsc + a.psc + a.wsc end;
end
$$;

create or replace function wallet_answer(t casino_wallet_transactions, p_replayed boolean, p_events bigint[], p_balances jsonb) returns jsonb
language plpgsql immutable as $$
begin
  return jsonb_build_object(
    'transactionId', t.transaction_id, 'coin', t.coin, 'balanceBefore', t.balance_before,
    'balance', t.balance_after, 'replayed', p_replayed, 'events', to_jsonb(p_events), 'balances', p_balances);
end
$$;

create or replace function wallet_event(p_type text, p_user_id bigint, p_payload jsonb) returns bigint
language plpgsql as $$
declare
  event_id bigint;
begin
  insert into outbox_events (type, user_id, payload) values (p_type, p_user_id, p_payload) returning id into event_id;
  return event_id;
end
$$;

-- 2. An entry is the leg of one transfer on one account: a transfer has at most one entry per
--    account (the player's legs are distinct accounts, each house leg a distinct kind and coin).
--    That pair is the entry's key. The surrogate id, never read, and its sequence go, and so do
--    the indexes on transfer_id alone (the key's prefix serves the balance check and a rollback's
--    read of its bet) and on account_id alone (read only by whole-table reconciliation, which
--    joins by hash). An entry writes one index entry instead of three.
alter table ledger_entries drop constraint ledger_entries_pkey;
drop index ledger_entries_transfer_idx;
drop index ledger_entries_account_idx;
alter table ledger_entries drop column id;
alter table ledger_entries add constraint ledger_entries_pkey primary key (transfer_id, account_id);
