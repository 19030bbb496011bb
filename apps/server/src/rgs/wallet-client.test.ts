import { randomUUID } from 'node:crypto';
import { hundredths } from '@casino/contracts/money';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../events/event-bus.js';
import { createLedgerService } from '../ledger/ledger-service.js';
import { testServer } from '../test/harness.js';
import { fundPlayer, signedInClient } from '../test/signed-in.js';
import { anyGameId } from './test-support.js';
import { createWalletApiService } from './wallet-api/service.js';
import { createInProcessWalletClient, createWalletClient, WalletRefusal, type WalletClient } from './wallet-client.js';

/** Issue 17 point 2: the game server's in-process wallet answers exactly as the signed HTTP API does. */
async function clients(): Promise<Record<'inProcess' | 'http', WalletClient>> {
  const { app, config, database } = await testServer();
  const service = createWalletApiService(
    database.db,
    createEventBus(database.db, { log: { error: () => undefined } }),
    createLedgerService(database.db),
  );
  return { inProcess: createInProcessWalletClient(service), http: createWalletClient(app, config.gameServerSecret) };
}

describe('the wallet clients', () => {
  it.each(['inProcess', 'http'] as const)(
    '%s: takes a bet, pays a win, and refuses a bet above the balance as a WalletRefusal',
    async (kind) => {
      const wallet = (await clients())[kind];
      const { userId } = await signedInClient('wcl');
      await fundPlayer(userId, { gc: 1_000 });
      const gameId = await anyGameId();
      const roundId = `round-${randomUUID()}`;
      const bet = await wallet.bet({ transactionId: `tx-${randomUUID()}`, userId, gameId, roundId, coin: 'GC', amount: hundredths(400) });
      expect(bet).toMatchObject({ coin: 'GC', balanceBefore: 1_000, balance: 600, replayed: false });
      const win = await wallet.win({ transactionId: `tx-${randomUUID()}`, userId, gameId, roundId, coin: 'GC', amount: hundredths(250) });
      expect(win).toMatchObject({ balanceBefore: 600, balance: 850 });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(850);
      const refused = wallet.bet({
        transactionId: `tx-${randomUUID()}`,
        userId,
        gameId,
        roundId: `round-${randomUUID()}`,
        coin: 'GC',
        amount: hundredths(5_000),
      });
      await expect(refused).rejects.toBeInstanceOf(WalletRefusal);
      await expect(refused).rejects.toMatchObject({ errorName: 'InsufficientBalance' });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(850);
    },
  );

  it.each(['inProcess', 'http'] as const)(
    '%s: takes an instant round in one call, answers a repeat with both first results, and pays nothing for a refused bet',
    async (kind) => {
      const wallet = (await clients())[kind];
      const { userId } = await signedInClient('wcl');
      await fundPlayer(userId, { gc: 1_000 });
      const gameId = await anyGameId();
      const round = {
        userId,
        gameId,
        roundId: `round-${randomUUID()}`,
        coin: 'GC' as const,
        transactionId: `tx-${randomUUID()}`,
        amount: hundredths(300),
        winTransactionId: `tx-${randomUUID()}`,
        winAmount: hundredths(750),
      };
      const paid = await wallet.betAndWin(round);
      expect(paid.bet).toMatchObject({ balanceBefore: 1_000, balance: 700, replayed: false });
      expect(paid.win).toMatchObject({ balanceBefore: 700, balance: 1_450, replayed: false });
      const again = await wallet.betAndWin(round);
      expect(again.bet).toMatchObject({ balance: 700, replayed: true });
      expect(again.win).toMatchObject({ balance: 1_450, replayed: true });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(1_450);

      // The bet repeated with a win under another id, after the round was settled: refused.
      const reused = wallet.betAndWin({ ...round, winTransactionId: `tx-${randomUUID()}` });
      await expect(reused).rejects.toMatchObject({ errorName: 'RoundClosed' });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(1_450);

      const refused = wallet.betAndWin({
        ...round,
        roundId: `round-${randomUUID()}`,
        transactionId: `tx-${randomUUID()}`,
        winTransactionId: `tx-${randomUUID()}`,
        amount: hundredths(9_000),
      });
      await expect(refused).rejects.toMatchObject({ errorName: 'InsufficientBalance' });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(1_450);
    },
  );

  it('refuses to pretend that a call over HTTP joins the casino transaction', async () => {
    const { http } = await clients();
    const { database } = await testServer();
    const bus = createEventBus(database.db, { log: { error: () => undefined } });
    const joined = bus.run((uow) =>
      http.bet({ transactionId: `tx-${randomUUID()}`, userId: 1, gameId: 1, roundId: 'r-1', coin: 'GC', amount: hundredths(100) }, uow),
    );
    await expect(joined).rejects.toThrow("A call over HTTP cannot join the casino's transaction");
  });
});
