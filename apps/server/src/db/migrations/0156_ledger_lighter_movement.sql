-- A lighter ledger entry (docs/decisions/064-money-path-speed.md). An entry is the leg of one
-- transfer on one account: a transfer has at most one entry per account (the player's legs are
-- distinct accounts, each house leg a distinct kind and coin). That pair is the entry's key. The
-- surrogate id, never read, and its sequence go, and so do the indexes on transfer_id alone (the
-- key's prefix serves the balance check and a rollback's read of its bet) and on account_id alone
-- (read only by whole-table reconciliation, which joins by hash). An entry writes one index entry
-- instead of three.
alter table ledger_entries drop constraint ledger_entries_pkey;
drop index ledger_entries_transfer_idx;
drop index ledger_entries_account_idx;
alter table ledger_entries drop column id;
alter table ledger_entries add constraint ledger_entries_pkey primary key (transfer_id, account_id);
