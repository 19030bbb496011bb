import { describe, expect, it } from 'vitest';
import { testServer } from '../test/harness.js';

/**
 * The ledger is append-only (docs/decisions/004); two ways around the row triggers are
 * closed: TRUNCATE, and a server role that owns the tables. Statements run as the
 * tables' owner, or as casino_app; every one in a transaction that is rolled back, so a statement
 * that wrongly succeeds leaves the shared test database as it was.
 */
async function attempt(statement: string, { asAppRole = false } = {}): Promise<string> {
  const { owner } = await testServer();
  return owner.withConnection(async (run) => {
    await run('begin');
    try {
      if (asAppRole) await run('set local role casino_app');
      await run(statement);
      return 'done';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await run('rollback');
    }
  });
}

describe('the ledger tables', () => {
  it.each(['ledger_entries', 'ledger_transfers', 'ledger_accounts'])('refuse TRUNCATE of %s, even by the owner', async (table) => {
    expect(await attempt(`truncate ${table} cascade`)).toMatch(/the ledger is append-only: \w+ is never truncated/);
  });

  // The casino_app role writes the ledger only through its functions (db/server-role.test.ts).
  it('let the casino_app role read them', async () => {
    expect(await attempt('select count(*) from ledger_entries', { asAppRole: true })).toBe('done');
    expect(await attempt('select count(*) from ledger_transfers', { asAppRole: true })).toBe('done');
    expect(await attempt('select sum(balance) from ledger_accounts', { asAppRole: true })).toBe('done');
  });

  it.each([
    'truncate ledger_entries',
    'delete from ledger_accounts where false',
    'delete from ledger_entries where false',
    'update ledger_accounts set balance = balance where false',
    'select id from ledger_transfers limit 1 for update',
    'alter table ledger_accounts drop constraint ledger_accounts_player_balance_check',
    'drop trigger ledger_entries_append_only on ledger_entries',
  ])('refuse the casino_app role: %s', async (statement) => {
    expect(await attempt(statement, { asAppRole: true })).toMatch(/permission denied|must be owner/);
  });

  // What a ledger row refers to is checked per statement, not by foreign keys (migration 0159).
  const houseGcLegs = (transfer: string, coin: string) =>
    `insert into ledger_entries (transfer_id, account_id, coin, amount)
     select ${transfer}, a.id, '${coin}', case a.kind when 'PROMOTIONS' then 1 else -1 end
     from ledger_accounts a where a.user_id is null and a.coin = 'GC' and a.kind in ('PROMOTIONS', 'ADJUSTMENTS')`;
  const withTransfer = (entries: string) =>
    `with u as (insert into users (username, email) values ('ledgerref', 'ledgerref@ledger.test') returning id),
     t as (insert into ledger_transfers (idempotency_key, fingerprint, user_id, reason, gc_amount, sc_amount, balances_before, balances_after)
           select 'ledger-reference-test', 'f', u.id, 'adjustment', 0, 0, '{}', '{}' from u returning id)
     ${entries.replace('from ledger_accounts a', 'from t, ledger_accounts a')}`;

  it('accept entries that name their transfer and accounts of their coin', async () => {
    expect(await attempt(withTransfer(houseGcLegs('t.id', 'GC')))).toBe('done');
  });

  it.each([
    [
      'a transfer of no player',
      `insert into ledger_transfers (idempotency_key, fingerprint, user_id, reason, gc_amount, sc_amount, balances_before, balances_after)
       values ('ledger-reference-test', 'f', 0, 'adjustment', 0, 0, '{}', '{}')`,
      /ledger_transfers_user_id_fkey/,
    ],
    ['entries of no transfer', houseGcLegs('0', 'GC'), /a ledger entry of transfer 0 names no such transfer, or no account of its coin/],
    [
      'entries in the wrong coin of their accounts',
      withTransfer(houseGcLegs('t.id', 'SC')),
      /names no such transfer, or no account of its coin/,
    ],
    [
      'deleting an account',
      `delete from ledger_accounts where user_id is null and kind = 'PROMOTIONS'`,
      /ledger accounts are never deleted/,
    ],
    [
      'changing an account’s coin',
      `update ledger_accounts set coin = 'SC' where user_id is null and kind = 'ADJUSTMENTS' and coin = 'GC'`,
      /keep their id and coin/,
    ],
  ])('refuse %s, even by the owner', async (_case, statement, message) => {
    expect(await attempt(statement)).toMatch(message);
  });
});
