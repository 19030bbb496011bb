import { randomUUID } from 'node:crypto';
import { REJECTED_BY_OPERATOR } from '@casino/contracts/admin-money';
import { redeemStatus } from '@casino/contracts/redeem';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers, operatorAuditLog } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { testServer } from '../../test/harness.js';
import { fundPlayer } from '../../test/signed-in.js';
import { balancesOf, deliverWebhook, linkBank, redeemingPlayer, redemptionOf, standaloneRedeem } from '../redeem/redeem-helpers.js';
import { playerWithPassword } from '../responsible-play/test-support.js';
import { signedInOperator } from './test-support.js';

/**
 * Races of the money desks, decided under the player's ledger lock and by
 * conditional status updates. PostgreSQL only (DATABASE_URL): PGlite runs one transaction at a
 * time, so there they prove nothing and are skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const errorName = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' && result.reason instanceof AppError ? result.reason.errorName : null;

describe.skipIf(!onPostgres)('money desk races (PostgreSQL only: PGlite serialises every transaction)', () => {
  it("approve, reject, the player's cancel and the payout job at once: exactly one wins, and the coins are paid or refunded once", async () => {
    const { service, sandbox } = await standaloneRedeem({ reviewWindowSeconds: 0, dailyCapCoins: 100_000 });
    const rounds = 12;
    const player = await redeemingPlayer(rounds * 100_00);
    await linkBank(player.client);
    const wins = { approve: 0, reject: 0, cancel: 0, job: 0 };
    for (let round = 0; round < rounds; round += 1) {
      const { withdrawRequestId } = await service.request(player.userId, { amount: 100, destination: { type: 'BANK' } });
      const id = withdrawRequestId!;
      let audited = 0;
      const audit = () => {
        audited += 1;
        return Promise.resolve();
      };
      const [approve, reject, cancel, job] = await Promise.allSettled([
        service.decide(id, 'approve', audit),
        service.decide(id, 'reject', audit),
        service.cancel(player.userId, id),
        service.submitDue(new Date(Date.now() + 1000)),
      ]);
      const won = [
        approve.status === 'fulfilled',
        reject.status === 'fulfilled',
        cancel.status === 'fulfilled',
        job.status === 'fulfilled' && job.value === 1,
      ];
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(audited).toBe(approve.status === 'fulfilled' || reject.status === 'fulfilled' ? 1 : 0);
      for (const loser of [approve, reject].filter((result) => result.status === 'rejected'))
        expect(errorName(loser)).toBe('RedemptionAlreadyDecided');
      if (cancel.status === 'rejected') expect(errorName(cancel)).toBe('RedeemNotCancellable');

      const row = await redemptionOf(id);
      if (won[0] || won[3]) {
        wins[won[0] ? 'approve' : 'job'] += 1;
        expect(row.status).toBe(redeemStatus.inProcess);
        await sandbox.settle(row.payoutId!);
        await deliverWebhook(player.client, sandbox, row.payoutId!);
        expect((await redemptionOf(id)).status).toBe(redeemStatus.success);
      } else if (won[1]) {
        wins.reject += 1;
        expect(row).toMatchObject({ status: redeemStatus.failed, failureReason: REJECTED_BY_OPERATOR, payoutId: null });
      } else {
        wins.cancel += 1;
        expect(row).toMatchObject({ status: redeemStatus.cancelled, payoutId: null });
      }
    }
    const refunded = wins.reject + wins.cancel;
    expect(wins.approve + wins.reject + wins.cancel + wins.job).toBe(rounds);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: refunded * 100_00, pending: 0 });
  });

  it('a double click on approve through HTTP: one approval, one audit record, the second told it was decided', async () => {
    const { client } = await signedInOperator(['payments']);
    const player = await redeemingPlayer(200_00);
    await linkBank(player.client);
    const requested = await player.client.post('payment/paynote', { amount: 100 });
    const id = (requested.body.data as { withdrawRequestId: number }).withdrawRequestId;
    const responses = await Promise.all(
      Array.from({ length: 3 }, () => client.post(`/api/admin/redemptions/${id}/approve`, { reason: 'Reviewed and approved' })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const { database } = await testServer();
    const audit = await database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.targetType, 'redemption'), eq(operatorAuditLog.targetId, String(id))));
    expect(audit).toHaveLength(1);
    expect((await redemptionOf(id)).status).toBe(redeemStatus.inProcess);
  });

  it('the same adjustment submitted five times at once moves the coins once', async () => {
    const { client } = await signedInOperator(['payments']);
    const player = await playerWithPassword();
    await fundPlayer(player.userId, { gc: 10_00 });
    const body = { account: 'GC', amount: 7.5, reason: 'Compensation for a stuck round', idempotencyKey: randomUUID() };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => client.post(`/api/admin/players/${player.userId}/adjustments`, body)),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await balancesOf(player.userId)).gc).toBe(17_50);
    const { database } = await testServer();
    const transfers = await database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, player.userId), eq(ledgerTransfers.reason, 'adjustment')));
    // The funding above is recorded as an adjustment-reason bonus too; the operator's is the one with this key.
    expect(transfers.filter((transfer) => transfer.idempotencyKey === `adjustment:${player.userId}:${body.idempotencyKey}`)).toHaveLength(
      1,
    );
    const audit = await database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.targetId, String(player.userId)), eq(operatorAuditLog.action, 'player.balance.adjust')));
    expect(audit).toHaveLength(1);
  });
});
