import { describe, expect, it } from 'vitest';
import { testServer } from '../test/harness.js';

/**
 * The ledger is append-only (docs/decisions/004); issue 10 point 8 closes the two ways around
 * the row triggers: TRUNCATE, and a server role that owns the tables. Every statement runs in a
 * transaction that is rolled back, so a statement that wrongly succeeds leaves the shared test
 * database as it was.
 */
async function attempt(statement: string, { asAppRole = false } = {}): Promise<string> {
  const { database } = await testServer();
  return database.withConnection(async (run) => {
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

  it('let the casino_app role read, append, lock and update balances', async () => {
    expect(await attempt('select count(*) from ledger_entries', { asAppRole: true })).toBe('done');
    expect(await attempt('select id from ledger_transfers limit 1 for update', { asAppRole: true })).toBe('done');
    expect(await attempt('update ledger_accounts set balance = balance where false', { asAppRole: true })).toBe('done');
  });

  it.each([
    'truncate ledger_entries',
    'delete from ledger_accounts where false',
    'delete from ledger_entries where false',
    'alter table ledger_accounts drop constraint ledger_accounts_player_balance_check',
    'drop trigger ledger_entries_append_only on ledger_entries',
  ])('refuse the casino_app role: %s', async (statement) => {
    expect(await attempt(statement, { asAppRole: true })).toMatch(/permission denied|must be owner/);
  });
});
