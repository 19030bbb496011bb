import { describe, expect, it } from 'vitest';
import { packageBySlug, TEST_CARDS, tokenize } from '../payments/payment-helpers.js';
import { fundPlayer, testLedger } from '../../test/signed-in.js';
import { bet, playerWithPassword, setting } from './test-support.js';

/**
 * Concurrent purchases or bets never together pass a limit: each is decided
 * under the player's lock on totals written in the same transactions.
 *
 * Run on PostgreSQL only (DATABASE_URL): PGlite runs one transaction at a time, so there the
 * "concurrent" requests simply run one after the other and the test would prove nothing.
 */
describe.runIf(process.env.DATABASE_URL)('limits under concurrency (PostgreSQL)', () => {
  it('two purchases charged at the same moment that together pass the daily deposit limit: exactly one succeeds', async () => {
    const player = await playerWithPassword();
    const pkg = await packageBySlug('silver-999');
    expect((await setting(player.client, { dailyDepositLimit: 15 })).status).toBe(200);
    // Both payments start under the limit (nothing is reserved yet)...
    const refs: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const started = await player.client.post('payment/init-pay', {
        amount: 9.99,
        packageId: pkg.id,
        paymentType: 'deposit',
        providerType: 'FINIX',
      });
      expect(started.body.data).toMatchObject({ success: true });
      refs.push((started.body.data as { paymentData: { merchantRefNum: string } }).paymentData.merchantRefNum);
    }
    const tokens = await Promise.all(refs.map(() => tokenize(player.client, TEST_CARDS.visa)));
    // ...and are charged at the same moment.
    const results = await Promise.all(
      refs.map((merchantRefNum, i) =>
        player.client.post('payment/finix/create-instrument', {
          type: 'TOKEN',
          token: tokens[i],
          merchantRefNum,
          amount: 9.99,
          packageId: pkg.id,
          isSaveCard: false,
        }),
      ),
    );
    const states = results.map((response) =>
      response.status === 200 ? (response.body.data as { state: string }).state : `error ${(response.body.errors ?? [])[0]?.errorCode}`,
    );
    expect(states.sort()).toEqual(['SUCCEEDED', 'error 3751']);
    const profile = await player.client.get('user/profile');
    expect(profile.body.data).toMatchObject({ totalDepositLimits: { totalDepositAmountToday: 9.99 } });
    expect((await (await testLedger()).balances(player.userId)).gc).toBeGreaterThan(0);
  });

  it('twenty SC bets sent at once against a daily bet limit of 1.00: exactly five of 0.20 are taken', async () => {
    const player = await playerWithPassword();
    await fundPlayer(player.userId, { sc: 10_000 });
    expect((await setting(player.client, { dailyBetLimit: 1 })).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => bet(player.userId, 0.2)));
    const taken = results.filter((result) => result.response.status === 200).length;
    const refused = results.filter((result) => result.response.body.errors?.[0]?.errorCode === 3752).length;
    expect({ taken, refused }).toEqual({ taken: 5, refused: 15 });
    const balances = await (await testLedger()).balances(player.userId);
    expect(balances.bsc + balances.psc + balances.wsc).toBe(10_000 - 100);
    const profile = await player.client.get('user/profile');
    expect(profile.body.data).toMatchObject({ totalBetLimits: { totalBetAmountToday: 1 } });
  });
});
