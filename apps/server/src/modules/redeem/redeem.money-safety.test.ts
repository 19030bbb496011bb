import { describe, expect, it } from 'vitest';
import { redeemStatus } from '@casino/contracts/redeem';
import { AppError } from '../../http/errors.js';
import { balancesOf, deliverWebhook, linkBank, redeemingPlayer, redemptionOf, standaloneRedeem } from './redeem-helpers.js';

/**
 * Races around redemption , decided under the player's ledger lock and by
 * conditional status updates. They only prove something on PostgreSQL (DATABASE_URL): the
 * embedded PGlite runs one transaction at a time, so there they are skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('redemption races (PostgreSQL only: PGlite serialises every transaction)', () => {
  it('five simultaneous requests against the daily cap: exactly the allowed ones pass and the balance matches', async () => {
    // Cap 300 SC, five requests of 100 SC: three fit.
    const { service } = await standaloneRedeem({ dailyCapCoins: 300 });
    const player = await redeemingPlayer(1_000_00);
    await linkBank(player.client);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => service.request(player.userId, { amount: 100, destination: { type: 'BANK' } })),
    );
    const passed = results.filter((result) => result.success);
    expect(passed).toHaveLength(3);
    for (const refused of results.filter((result) => !result.success)) expect(refused.limitCheck.remaining).toBe(0);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 700_00, pending: 300_00 });
  });

  it('the same through HTTP: five simultaneous requests on the shared server against its cap of 20000', async () => {
    const player = await redeemingPlayer(50_000_00);
    await linkBank(player.client);
    const responses = await Promise.all(Array.from({ length: 5 }, () => player.client.post('payment/paynote', { amount: 6_000 })));
    const passed = responses.filter((response) => (response.body.data as { success: boolean }).success);
    expect(passed).toHaveLength(3);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 32_000_00, pending: 18_000_00 });
  });

  it('five simultaneous copies of one request under one Idempotency-Key make one redemption', async () => {
    const player = await redeemingPlayer(1_000_00);
    await linkBank(player.client);
    const key = { 'idempotency-key': 'redeem-race-key-0001' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => player.client.post('payment/paynote', { amount: 100 }, key)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(responses.map((response) => (response.body.data as { withdrawRequestId: number }).withdrawRequestId));
    expect(ids.size).toBe(1);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 900_00, pending: 100_00 });
  });

  it('cancel racing the payout job: exactly one wins, and the coins are either refunded or paid, never both or neither', async () => {
    const { service, sandbox } = await standaloneRedeem({ reviewWindowSeconds: 0, dailyCapCoins: 100_000 });
    const rounds = 12;
    const player = await redeemingPlayer(rounds * 100_00);
    await linkBank(player.client);
    let cancelled = 0;
    let paid = 0;
    for (let round = 0; round < rounds; round += 1) {
      const { withdrawRequestId } = await service.request(player.userId, { amount: 100, destination: { type: 'BANK' } });
      const id = withdrawRequestId!;
      const [cancel, submitted] = await Promise.allSettled([
        service.cancel(player.userId, id),
        service.submitDue(new Date(Date.now() + 1000)),
      ]);
      const row = await redemptionOf(id);
      if (cancel.status === 'fulfilled') {
        expect(row.status).toBe(redeemStatus.cancelled);
        expect(row.payoutId).toBeNull();
        cancelled += 1;
      } else {
        expect(cancel.reason).toBeInstanceOf(AppError);
        expect((cancel.reason as AppError).errorName).toBe('RedeemNotCancellable');
        expect(row.status).toBe(redeemStatus.inProcess);
        expect(submitted.status).toBe('fulfilled');
        await sandbox.settle(row.payoutId!);
        await deliverWebhook(player.client, sandbox, row.payoutId!);
        expect((await redemptionOf(id)).status).toBe(redeemStatus.success);
        paid += 1;
      }
    }
    expect(cancelled + paid).toBe(rounds);
    // Every redemption ended refunded or paid: what was not paid is back in wsc, nothing pending.
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: cancelled * 100_00, pending: 0 });
  });

  it('the same webhook delivered five times at once settles the payout once', async () => {
    const { service, sandbox } = await standaloneRedeem();
    const player = await redeemingPlayer(100_00);
    await linkBank(player.client);
    const { withdrawRequestId } = await service.request(player.userId, { amount: 60, destination: { type: 'BANK' } });
    await service.submitDue(new Date(Date.now() + 1000));
    const row = await redemptionOf(withdrawRequestId!);
    await sandbox.settle(row.payoutId!);
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(player.client, sandbox, row.payoutId!)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.filter((response) => response.body.data?.duplicate === false)).toHaveLength(1);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 40_00, pending: 0 });
    expect((await redemptionOf(withdrawRequestId!)).status).toBe(redeemStatus.success);
  });
});
