import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createReconciliation } from '../modules/reconciliation/reconciliation.js';
import { createTestPlayers } from '../money/ledger/test-players.js';
import { standaloneLedger } from '../money/ledger/testing.js';
import { anyGameId, signedWalletCall } from '../rgs/test-support.js';
import { isolatedDatabase, startIsolatedServer, type IsolatedDatabase } from '../test/isolated-server.js';
import { serverRoleUrl } from '../test/server-role.js';
import { openDatabase, queryRows, type Database } from './client.js';

/**
 * Backup and restore as docs/operations.md tells an operator to do them: `pg_dump --format=custom`
 * of a database whose players played and were paid, `pg_restore` into a new, empty database. In
 * the copy the ledger's invariants hold (the reconciliation's checks find nothing), every
 * player's balances are those of the original, and a server started on the copy takes bets.
 * PostgreSQL only: the embedded database's backup is a copy of its folder while the server is stopped.
 */
const run = promisify(execFile);
const silent = { error: () => undefined };

async function playerBalances(db: Database): Promise<Record<string, number>> {
  const rows = await queryRows<{ user_id: string; coin: string; kind: string; balance: string }>(
    db,
    sql`select user_id, coin, kind, balance from ledger_accounts where user_id is not null order by user_id, coin, kind`,
  );
  return Object.fromEntries(rows.map((row) => [`${row.user_id}/${row.coin}/${row.kind}`, Number(row.balance)]));
}

describe.runIf(process.env.DATABASE_URL)('a pg_dump restored into a new database', () => {
  it('keeps the ledger whole, every balance, and serves bets', { timeout: 120_000 }, async () => {
    const source = await isolatedDatabase('backup', { suffix: 'backup_source' });
    const server = await startIsolatedServer(source);
    const wallet = { baseUrl: server.baseUrl, secret: server.config.gameServerSecret };
    const gameId = await anyGameId();
    const players = await createTestPlayers(server.database.db, 4);
    const ledger = standaloneLedger(server.database.db);
    // Funded, then rounds played and won, a bet rolled back.
    for (const [index, userId] of players.entries()) {
      await ledger.creditBonus({ userId, gc: 10_000, sc: 5_000, reason: 'adjustment', idempotencyKey: `backup-funding:${userId}` });
      for (let round = 0; round < 5; round += 1) {
        const roundId = `backup-${userId}-${round}`;
        const call = { userId, gameId, roundId, coin: round % 2 ? 'GC' : 'SC' };
        expect((await signedWalletCall(wallet, 'bet', { ...call, transactionId: `${roundId}-bet`, amount: 2.5 })).status).toBe(200);
        if (round === 4 && index === 0) {
          const rolledBack = await signedWalletCall(wallet, 'rollback', {
            userId,
            gameId,
            roundId,
            transactionId: `${roundId}-rb`,
            betTransactionId: `${roundId}-bet`,
          });
          expect(rolledBack.status).toBe(200);
        } else {
          expect((await signedWalletCall(wallet, 'win', { ...call, transactionId: `${roundId}-win`, amount: round })).status).toBe(200);
        }
      }
    }
    const before = await playerBalances(server.database.db);
    await server.stop();

    const dump = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casino-backup-')), 'casino.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${source.databaseUrl!}`]);
    const copyUrl = new URL(source.databaseUrl!);
    copyUrl.pathname = `${copyUrl.pathname}_copy`;
    const admin = new pg.Client({ connectionString: source.databaseUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${copyUrl.pathname.slice(1)}"`);
      await admin.query(`create database "${copyUrl.pathname.slice(1)}"`);
    } finally {
      await admin.end();
    }
    await run('pg_restore', ['--exit-on-error', `--dbname=${copyUrl.toString()}`, dump]);

    const copy = await openDatabase({ databaseUrl: copyUrl.toString(), dataDir: '' });
    try {
      const checked = await createReconciliation(copy.db, silent).run('operator');
      expect(checked.checks.length).toBeGreaterThanOrEqual(4);
      expect(checked.mismatchCount).toBe(0);
      expect(await playerBalances(copy.db)).toEqual(before);
      expect(Object.keys(before)).not.toHaveLength(0);
    } finally {
      await copy.close();
    }

    // A server on the copy: nothing to migrate, ready, and it takes the next bet.
    const restored: IsolatedDatabase = {
      databaseUrl: copyUrl.toString(),
      serverEnv: { DATABASE_URL: await serverRoleUrl(copyUrl.toString()), DATABASE_MIGRATION_URL: copyUrl.toString() },
      dataDir: source.dataDir,
    };
    const again = await startIsolatedServer(restored, { background: false });
    try {
      expect((await again.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const userId = players[1]!;
      const bet = await signedWalletCall({ baseUrl: again.baseUrl, secret: again.config.gameServerSecret }, 'bet', {
        userId,
        gameId,
        roundId: 'after-restore',
        coin: 'SC',
        transactionId: 'after-restore-bet',
        amount: 1,
      });
      expect(bet.status).toBe(200);
      // The bet is taken from the coins the original had: its SC, redemptions pending aside.
      const playable = ['SC_BONUS', 'SC_UNPLAYED', 'SC_REDEEMABLE'].reduce((sum, kind) => sum + (before[`${userId}/SC/${kind}`] ?? 0), 0);
      expect(bet.body.data?.balance).toBe(playable / 100 - 1);
    } finally {
      await again.stop();
    }
  });
});
