import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { casinoGames, rgsGameSessions, rgsRounds } from '../db/schema/index.js';
import { testServer } from '../test/harness.js';
import { fundPlayer, signedInClient, testLedger } from '../test/signed-in.js';
import { createRoundService } from './rounds.js';
import { createSeedPairService } from './seed-pairs.js';
import { walletCall } from './test-support.js';
import { createWalletClient } from './wallet-client.js';

/**
 * The recovery of rounds left open, one case at a time, on either database:
 * a pending round whose bet was taken is refunded, one whose bet never arrived is cancelled and
 * that bet refused, and a round whose outcome was drawn is paid it. (crash-recovery.test.ts kills
 * real server processes on PostgreSQL.)
 */
const quiet = { error: () => undefined };

async function openRound(status: 'pending' | 'bet_placed', bet: number, win = 0) {
  const { database } = await testServer();
  const player = await signedInClient('rec');
  await fundPlayer(player.userId, { sc: 1_000 });
  const [game] = await database.db.select({ id: casinoGames.id, identifier: casinoGames.identifier }).from(casinoGames).limit(1);
  const [session] = await database.db
    .insert(rgsGameSessions)
    .values({
      tokenHash: randomUUID(),
      launchId: randomUUID(),
      userId: player.userId,
      casinoGameId: game!.id,
      titleId: game!.identifier,
      coin: 'SC',
      expiresAt: new Date(Date.now() + 60_000),
    })
    .returning();
  const [round] = await database.db
    .insert(rgsRounds)
    .values({
      sessionId: session!.id,
      requestId: randomUUID(),
      userId: player.userId,
      casinoGameId: game!.id,
      titleId: game!.identifier,
      profileId: 'test',
      coin: 'SC',
      bet,
      win,
      status,
      // A second old: past this test's zero grace, well inside the shared server's own 15 s.
      createdAt: new Date(Date.now() - 1_000),
      ...(status === 'bet_placed' ? { balanceBefore: 1_000, outcome: { kind: 'slot' } } : {}),
    })
    .returning();
  return { player, round: round!, gameId: game!.id };
}

async function recoverNow(): Promise<number> {
  const { app, database, config } = await testServer();
  const rounds = createRoundService(
    database.db,
    createWalletClient(app, config.gameServerSecret),
    quiet,
    createSeedPairService(database.db),
  );
  // No grace period: the shared server's own recovery job (15 s of grace) leaves these fresh rounds to the test.
  return rounds.recoverOpenRounds(0);
}

async function statusOf(roundId: number): Promise<string> {
  const { database } = await testServer();
  const [row] = await database.db.select({ status: rgsRounds.status }).from(rgsRounds).where(eq(rgsRounds.id, roundId));
  return row!.status;
}

/** The round's bet as the game server sends it (2.00 SC), answered by the wallet. */
function sendBet(userId: number, roundId: number, gameId: number) {
  return walletCall('bet', { transactionId: `rgs-${roundId}-bet`, userId, gameId, roundId: String(roundId), coin: 'SC', amount: 2 });
}

async function scOf(userId: number): Promise<number> {
  const balances = await (await testLedger()).balances(userId);
  return balances.bsc + balances.psc + balances.wsc;
}

describe('recovery of open rounds', () => {
  it('refunds the bet of a pending round whose bet was taken', async () => {
    const { player, round, gameId } = await openRound('pending', 200);
    const taken = await sendBet(player.userId, round.id, gameId);
    expect(taken.status).toBe(200);
    expect(await scOf(player.userId)).toBe(800);

    expect(await recoverNow()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(round.id)).toBe('cancelled');
    expect(await scOf(player.userId)).toBe(1_000);
  });

  it('cancels a pending round whose bet never arrived, and refuses that bet when it comes', async () => {
    const { player, round, gameId } = await openRound('pending', 200);
    expect(await recoverNow()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(round.id)).toBe('cancelled');
    const late = await sendBet(player.userId, round.id, gameId);
    expect(late.body.errors?.[0]?.errorCode).toBe(3408);
    expect(await scOf(player.userId)).toBe(1_000);
  });

  it('pays the stored outcome of a round whose bet was taken and win not confirmed', async () => {
    const { player, round, gameId } = await openRound('bet_placed', 200, 500);
    expect((await sendBet(player.userId, round.id, gameId)).status).toBe(200);
    expect(await recoverNow()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(round.id)).toBe('settled');
    expect(await scOf(player.userId)).toBe(1_300);
    // Finished rounds are left alone by the next run.
    await recoverNow();
    expect(await scOf(player.userId)).toBe(1_300);
  });
});
