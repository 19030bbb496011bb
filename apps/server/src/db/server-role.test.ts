import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testServer } from '../test/harness.js';

/**
 * What the server's database role may do (docs/decisions/055). On PostgreSQL the shared test
 * server connects as a login role in casino_app, as production does (test/server-role.ts); these
 * statements run on that very connection. Each runs in a transaction that is rolled back, so a
 * statement that wrongly succeeds leaves the shared test database as it was. PostgreSQL only:
 * the embedded database has one user, its owner.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

async function asServer(statement: string): Promise<string> {
  const { database } = await testServer();
  return database.withConnection(async (run) => {
    await run('begin');
    try {
      await run(statement);
      return 'done';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await run('rollback');
    }
  });
}

describe.skipIf(!onPostgres)("the server's database role (PostgreSQL only)", () => {
  it('is a login role in casino_app, not a superuser', async () => {
    const { database } = await testServer();
    const [role] = await database.withConnection((run) =>
      run(`select rolsuper as superuser, pg_has_role(current_user, 'casino_app', 'member') as in_app_role
           from pg_roles where rolname = current_user`),
    );
    expect(role).toEqual({ superuser: false, in_app_role: true });
  });

  it.each([
    ['mint coins by raising a cached balance', 'update ledger_accounts set balance = balance + 100000000', 'table ledger_accounts'],
    [
      'open ledger accounts of its own',
      `insert into ledger_accounts (user_id, kind, coin, balance) values (null, 'PROMOTIONS', 'GC', null)`,
      'table ledger_accounts',
    ],
    ['write a ledger transfer of its own', 'insert into ledger_transfers default values', 'table ledger_transfers'],
    ['write ledger entries of its own', 'insert into ledger_entries default values', 'table ledger_entries'],
    ['lift a self-exclusion or a break', 'delete from responsible_play_exclusions', 'table responsible_play_exclusions'],
    ['shorten a self-exclusion or a break', 'update responsible_play_exclusions set ends_at = now()', 'table responsible_play_exclusions'],
    ['erase redemptions', 'delete from redemptions', 'table redemptions'],
    ['change the amount of a redemption', 'update redemptions set amount = amount + 100000000', 'table redemptions'],
    ['erase the wallet API’s transactions', 'delete from casino_wallet_transactions', 'table casino_wallet_transactions'],
    ['write a wallet transaction of its own', 'insert into casino_wallet_transactions default values', 'table casino_wallet_transactions'],
    ['erase the wallet API’s rounds', 'delete from casino_bets', 'table casino_bets'],
    ['rewrite a wallet round’s win', 'update casino_bets set win_amount = win_amount + 100000000', 'table casino_bets'],
    ['erase game rounds', 'delete from rgs_rounds', 'table rgs_rounds'],
    ['rewrite a round’s win', 'update rgs_rounds set win = win + 100000000', 'table rgs_rounds'],
    ['rewrite a round’s outcome', `update rgs_rounds set outcome = '{}'`, 'table rgs_rounds'],
    ['rewrite a round’s bet', 'update rgs_rounds set bet = 1', 'table rgs_rounds'],
    ['erase the operators’ audit trail', 'delete from operator_audit_log', 'table operator_audit_log'],
    ['give a mail-in request to another player', 'update mail_in_requests set user_id = user_id', 'table mail_in_requests'],
    ['erase mail-in requests', 'delete from mail_in_requests', 'table mail_in_requests'],
    ['rewrite a mail-in card', 'update mail_in_cards set outcome = outcome', 'table mail_in_cards'],
    ['erase mail-in cards', 'delete from mail_in_cards', 'table mail_in_cards'],
    ['create a schema', 'create schema role_test_schema', 'database'],
    [
      'move coins from balances of its own making',
      `select ledger_move_locked(null::ledger_player_accounts, 'creditBonus', 1, 'adjustment', 'k', 'f', null, null, 100, 0, null, null, null, null)`,
      'function ledger_move_locked',
    ],
    ['write planned rounds of its own making', `select * from wallet_write_planned_rounds('{}')`, 'function wallet_write_planned_rounds'],
  ])('may not %s', async (_case, statement, object) => {
    expect(await asServer(statement)).toMatch(new RegExp(`^permission denied for ${object}\\b`));
  });

  it('may still change what the product changes: a round’s settlement, a redemption’s status, locks for them', async () => {
    expect(
      await asServer('update rgs_rounds set status = status, balance_after = balance_after, settled_at = settled_at where false'),
    ).toBe('done');
    expect(
      await asServer(
        `update redemptions set status = status, payout_id = payout_id, failure_reason = failure_reason,
           settled_transfer_id = settled_transfer_id, submitted_at = submitted_at, settled_at = settled_at, updated_at = updated_at
         where false`,
      ),
    ).toBe('done');
    expect(await asServer('select id from redemptions limit 1 for update')).toBe('done');
    expect(
      await asServer(
        `update mail_in_requests set status = status, refusal_reason = refusal_reason, sc_amount = sc_amount,
           transfer_id = transfer_id, decided_at = decided_at, decided_by = decided_by where false`,
      ),
    ).toBe('done');
    expect(await asServer('select id from mail_in_requests limit 1 for update')).toBe('done');
  });

  it('moves coins through the money functions, which check what they are asked', async () => {
    const { database } = await testServer();
    const name = `role${randomUUID().slice(0, 8)}`;
    const balances = await database.withConnection(async (run) => {
      await run('begin');
      try {
        const [player] = await run(`insert into users (username, email) values ('${name}', '${name}@role.test') returning id`);
        const userId = Number(player!.id);
        const [game] = await run('select id from casino_games order by id limit 1');
        const credit = await run(
          `select ledger_move('creditBonus', ${userId}, 'adjustment', 'role-test:${name}', 'f', null, null, 1000, 500, null, null, null, null) as answer`,
        );
        expect(credit[0]!.answer).toMatchObject({ replayed: false, balancesAfter: { gc: 1000, bsc: 500 } });
        const round = await run(
          `select wallet_bet_win('${name}-bet', 'f', 'f', '${name}-win', 'f', 'f', ${userId}, ${Number(game!.id)}, '${name}', 'GC', 100, 250) as answer`,
        );
        expect(round[0]!.answer).toMatchObject({ bet: { balance: 900 }, win: { balance: 1150 } });
        // Refusals are answered, not written: a bet larger than the balance moves nothing.
        const refused = await run(`select wallet_bet('${name}-big', 'f', 'f', ${userId}, ${Number(game!.id)}, '${name}-2', 'GC', 100000)
                                   as answer`);
        expect(refused[0]!.answer).toMatchObject({ error: 'InsufficientBalance' });
        expect((await run(`select ledger_lock_player(${userId}) is not null as locked`))[0]).toEqual({ locked: true });
        return await run(`select kind, balance from ledger_accounts where user_id = ${userId} and balance <> 0 order by kind`);
      } finally {
        await run('rollback');
      }
    });
    expect(balances).toEqual([
      { kind: 'GC', balance: '1150' },
      { kind: 'SC_BONUS', balance: '500' },
    ]);
  });
});
