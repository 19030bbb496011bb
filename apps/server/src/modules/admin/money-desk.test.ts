import { randomUUID } from 'node:crypto';
import { REJECTED_BY_OPERATOR } from '@casino/contracts/admin-money';
import { redeemStatus } from '@casino/contracts/redeem';
import { walletEvents } from '@casino/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerTransfers, moneyAlerts, operatorAuditLog, paymentIntents } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { testServer } from '../../test/harness.js';
import { fundPlayer } from '../../test/signed-in.js';
import { intentOf, packageBySlug, payWithCard, webhooksDelivered } from '../payments/payment-helpers.js';
import { balancesOf, deliverWebhook, linkBank, redeemingPlayer, redemptionOf, standaloneRedeem } from '../redeem/redeem-helpers.js';
import { playerWithPassword } from '../responsible-play/test-support.js';
import { createReconciliation } from '../reconciliation/reconciliation.js';
import { signedInOperator } from './test-support.js';

/**
 * The money desks: the manual adjustment, the redemption queue's
 * decisions, purchases with their processor events, and reconciliation.
 */
const errorOf = (response: { body: unknown }) =>
  (response.body as { errors?: { errorCode: number; description: string; details?: { issues: { field: string; message: string }[] } }[] })
    .errors?.[0];
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function auditOf(targetType: string, targetId: number, action: string) {
  const { database } = await testServer();
  return database.db
    .select()
    .from(operatorAuditLog)
    .where(
      and(
        eq(operatorAuditLog.targetType, targetType),
        eq(operatorAuditLog.targetId, String(targetId)),
        eq(operatorAuditLog.action, action),
      ),
    );
}

describe('manual coin adjustment', () => {
  it('credits a player account as a balanced transfer, audited with balances and reason; the wallet socket hears it', async () => {
    const { baseUrl } = await testServer();
    const { client } = await signedInOperator(['payments']);
    const player = await playerWithPassword();
    await fundPlayer(player.userId, { gc: 1_000_00 });
    const socket = connect(`${baseUrl}/wallet`, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { origin: baseUrl, cookie: player.cookie },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once(walletEvents.balance, () => resolve());
      socket.once('connect_error', reject);
    });
    const heard = new Promise<{ scCoin: number; wsc: number }>((resolve) => socket.on(walletEvents.balance, resolve));

    const key = randomUUID();
    const body = { account: 'SC_REDEEMABLE', amount: 25.5, reason: 'Goodwill after outage (ticket 77)', idempotencyKey: key };
    const adjusted = await client.post(`/api/admin/players/${player.userId}/adjustments`, body);
    expect(adjusted.status).toBe(200);
    const result = dataOf<{ transferId: number; replayed: boolean; before: { wsc: number }; after: { wsc: number; gc: number } }>(adjusted);
    expect(result).toMatchObject({ replayed: false, before: { wsc: 0 }, after: { wsc: 25.5, gc: 1_000 } });
    expect(await heard).toMatchObject({ wsc: 25.5, scCoin: 25.5 });

    const { database } = await testServer();
    const sums = await queryRows<{ total: string }>(
      database.db,
      sql`select coin, sum(amount)::text as total from ledger_entries where transfer_id = ${result.transferId} group by coin`,
    );
    expect(sums.map((row) => row.total)).toEqual(['0']);
    const [transfer] = await database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, result.transferId));
    expect(transfer).toMatchObject({ reason: 'adjustment', userId: player.userId, scAmount: 25_50 });

    // A double submit with the same key adjusts once and writes one audit record.
    const again = await client.post(`/api/admin/players/${player.userId}/adjustments`, body);
    expect(dataOf<{ replayed: boolean; transferId: number }>(again)).toMatchObject({ replayed: true, transferId: result.transferId });
    expect((await balancesOf(player.userId)).wsc).toBe(25_50);
    const audit = await auditOf('player', player.userId, 'player.balance.adjust');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { balances: { wsc: 0 } },
      after: { balances: { wsc: 25.5 }, account: 'SC_REDEEMABLE', amount: 25.5, transferId: result.transferId },
      reason: 'Goodwill after outage (ticket 77)',
    });
    // The same key with another amount is another request: refused.
    expect(errorOf(await client.post(`/api/admin/players/${player.userId}/adjustments`, { ...body, amount: 30 }))?.errorCode).toBe(3011);
  });

  it('debits, refuses to go below zero, and needs a reason and a two-decimal amount', async () => {
    const { client } = await signedInOperator(['admin']);
    const player = await playerWithPassword();
    await fundPlayer(player.userId, { gc: 100_00 });
    const post = (body: Record<string, unknown>) =>
      client.post(`/api/admin/players/${player.userId}/adjustments`, {
        account: 'GC',
        reason: 'Chargeback recovery #5',
        idempotencyKey: randomUUID(),
        ...body,
      });
    expect(dataOf<{ after: { gc: number } }>(await post({ amount: -40.25 })).after.gc).toBe(59.75);
    expect(errorOf(await post({ amount: -60 }))).toMatchObject({
      errorCode: 3841,
      description: 'This adjustment would take the balance below zero.',
    });
    const noReason = errorOf(await post({ amount: 5, reason: ' ab ' }));
    expect(noReason?.details?.issues[0]?.message).toBe('Please give a reason (at least 5 characters).');
    const threeDecimals = errorOf(await post({ amount: 1.005 }));
    expect(threeDecimals?.details?.issues[0]?.message).toBe('Enter a non-zero amount with at most two decimals, e.g. 25 or -10.50.');
    expect(errorOf(await post({ amount: 0 }))?.details?.issues[0]?.message).toBe(
      'Enter a non-zero amount with at most two decimals, e.g. 25 or -10.50.',
    );
    expect((await balancesOf(player.userId)).gc).toBe(59_75);
    expect(await auditOf('player', player.userId, 'player.balance.adjust')).toHaveLength(1);
  });
});

describe('redemption queue', () => {
  it('lists pending redemptions with their AML flags; approve sends it to the provider and the webhook settles it', async () => {
    const { client } = await signedInOperator(['payments']);
    const player = await redeemingPlayer(20_000_00);
    await linkBank(player.client);
    // 10,000 SC in one day: flagged daily_total_at_or_above_10000.
    const requested = await player.client.post('payment/paynote', { amount: 10_000 });
    const redemptionId = (requested.body.data as { withdrawRequestId: number }).withdrawRequestId;

    const queue = dataOf<{ rows: { redemptionId: number; status: number; flags: { reason: string }[]; destination: string }[] }>(
      await client.get('/api/admin/redemptions', { status: 'pending', limit: 100 }),
    );
    const row = queue.rows.find((entry) => entry.redemptionId === redemptionId);
    expect(row).toMatchObject({ status: 0, destination: 'Sandbox National Bank ••1234' });
    expect(row?.flags.map((flag) => flag.reason)).toEqual(['daily_total_at_or_above_10000']);

    const approved = await client.post(`/api/admin/redemptions/${redemptionId}/approve`, { reason: 'Reviewed: source of funds ok' });
    expect(approved.status).toBe(200);
    expect(dataOf(approved)).toEqual({ redemptionId, status: redeemStatus.inProcess });
    const sent = await redemptionOf(redemptionId);
    expect(sent.status).toBe(redeemStatus.inProcess);
    expect(sent.payoutId).not.toBeNull();
    expect((await auditOf('redemption', redemptionId, 'redemption.approve'))[0]).toMatchObject({
      before: { status: 0, amount: 10_000 },
      after: { status: 7 },
      reason: 'Reviewed: source of funds ok',
    });
    // A second click, or a reject after it: it is no longer waiting for review.
    expect(errorOf(await client.post(`/api/admin/redemptions/${redemptionId}/reject`, { reason: 'Changed my mind' }))).toMatchObject({
      errorCode: 3840,
    });
    expect(errorOf(await client.post(`/api/admin/redemptions/${redemptionId}/approve`, { reason: 'Double click' }))?.errorCode).toBe(3840);
  });

  it("approve reuses the payout job's submit: the provider's webhook pays it once", async () => {
    const { service, sandbox } = await standaloneRedeem({ reviewWindowSeconds: 3600 });
    const player = await redeemingPlayer(500_00);
    await linkBank(player.client);
    const { withdrawRequestId } = await service.request(player.userId, { amount: 100, destination: { type: 'BANK' } });
    const decided = await service.decide(withdrawRequestId!, 'approve', () => Promise.resolve());
    expect(decided.status).toBe(redeemStatus.inProcess);
    const { payoutId } = await redemptionOf(withdrawRequestId!);
    await sandbox.settle(payoutId!);
    expect((await deliverWebhook(player.client, sandbox, payoutId!)).status).toBe(200);
    expect(await redemptionOf(withdrawRequestId!)).toMatchObject({ status: redeemStatus.success });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 400_00, pending: 0 });
  });

  it('reject refunds the SC to redeemable, fails the redemption for the player, and is audited', async () => {
    const { client } = await signedInOperator(['payments']);
    const player = await redeemingPlayer(300_00);
    await linkBank(player.client);
    const requested = await player.client.post('payment/paynote', { amount: 100 });
    const redemptionId = (requested.body.data as { withdrawRequestId: number }).withdrawRequestId;
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 200_00, pending: 100_00 });

    const noReason = errorOf(await client.post(`/api/admin/redemptions/${redemptionId}/reject`, { reason: '' }));
    expect(noReason?.details?.issues[0]?.message).toBe('Please give a reason (at least 5 characters).');
    const rejected = await client.post(`/api/admin/redemptions/${redemptionId}/reject`, { reason: 'Bank account name mismatch' });
    expect(dataOf(rejected)).toEqual({ redemptionId, status: redeemStatus.failed });
    expect(await redemptionOf(redemptionId)).toMatchObject({ status: redeemStatus.failed, failureReason: REJECTED_BY_OPERATOR });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 300_00, pending: 0 });
    expect((await auditOf('redemption', redemptionId, 'redemption.reject'))[0]).toMatchObject({
      before: { status: 0 },
      after: { status: 3, failureReason: REJECTED_BY_OPERATOR },
      reason: 'Bank account name mismatch',
    });
    // The player can no longer cancel it, and the operator cannot decide it again.
    expect(errorOf(await player.client.put('payment/redeem-request', { withdrawRequestId: redemptionId }))?.errorCode).toBe(3706);
    expect(errorOf(await client.post(`/api/admin/redemptions/${redemptionId}/reject`, { reason: 'Again, twice' }))?.errorCode).toBe(3840);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 300_00, pending: 0 });
    const failed = dataOf<{ rows: { redemptionId: number; failureReason: string }[] }>(
      await client.get('/api/admin/redemptions', { status: 'failed', limit: 100 }),
    );
    expect(failed.rows.find((entry) => entry.redemptionId === redemptionId)?.failureReason).toBe(REJECTED_BY_OPERATOR);
  });
});

describe('purchases', () => {
  it("lists a paid purchase with its ledger credit and the processor's webhook events, filtered by player", async () => {
    const { client } = await signedInOperator(['compliance']);
    const player = await playerWithPassword();
    const pkg = await packageBySlug('starter-199');
    const paid = await payWithCard(player.client, pkg, '4111111111111111');
    expect(paid).toMatchObject({ state: 'SUCCEEDED' });
    const delivered = await webhooksDelivered(player.client, paid.merchantRefNum, 1);
    const list = dataOf<{
      rows: {
        merchantRefNum: string;
        status: number;
        creditedTransferId: number | null;
        userId: number;
        events: { eventId: string; transferState: string }[];
      }[];
      count: number;
    }>(await client.get('/api/admin/purchases', { userId: player.userId }));
    expect(list.rows[0]!.events.map((event) => event.transferState)).toEqual(delivered.map((webhook) => webhook.state));
    expect(list.rows[0]!.events.length).toBeGreaterThan(0);
    expect(list.count).toBe(1);
    const intent = await intentOf(list.rows[0]!.merchantRefNum);
    expect(list.rows[0]).toMatchObject({ status: 1, userId: player.userId, creditedTransferId: intent.creditedTransferId });
    expect(list.rows[0]!.creditedTransferId).not.toBeNull();
    expect(dataOf<{ count: number }>(await client.get('/api/admin/purchases', { userId: player.userId, status: 3 })).count).toBe(0);
  });
});

describe('reconciliation', () => {
  it('finds a cached balance changed by SQL and a paid purchase without its credit, raises an alert, and is clean for them otherwise', async () => {
    const { database, owner } = await testServer();
    const errors: unknown[] = [];
    const reconciliation = createReconciliation(database.db, { error: (object) => errors.push(object) });
    const player = await playerWithPassword();
    await fundPlayer(player.userId, { gc: 50_00 });
    const mine = (run: Awaited<ReturnType<typeof reconciliation.run>>) =>
      run.checks.flatMap((check) =>
        check.mismatches.filter((row) => row.userId === player.userId || row.userId === String(player.userId)).map(() => check.check),
      );

    const before = await reconciliation.run('operator');
    expect(mine(before)).toEqual([]);
    expect(before.checks.find((check) => check.check === 'entries_sum_to_zero')?.mismatches).toEqual([]);

    const [account] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, player.userId), eq(ledgerAccounts.kind, 'GC')));
    const [bonusTransfer] = await database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.userId, player.userId));
    const pkg = await packageBySlug('starter-199');
    const merchantRefNum = `recon-${randomUUID()}`;
    await database.db.insert(paymentIntents).values({
      merchantRefNum,
      userId: player.userId,
      packageId: pkg.id,
      providerType: 'FINIX',
      amount: pkg.amount,
      gcCoin: 1,
      scCoin: 1,
      // Paid, pointing at a transfer that is not its purchase credit (the bonus above).
      status: 1,
      creditedTransferId: bonusTransfer!.id,
    });
    // Damage only the tables' owner can do: the server's role writes no balance itself.
    await owner.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${account!.id}`);
    // Other files share this database and may leave mismatches of their own: only this run's log line counts.
    const loggedBefore = errors.length;
    try {
      const planted = await reconciliation.run('job');
      expect(planted.clean).toBe(false);
      const cached = planted.checks.find((check) => check.check === 'cached_balances_match_entries')!;
      expect(cached.mismatches.find((row) => String(row.accountId) === String(account!.id))).toMatchObject({
        cached: '5001',
        entries: '5000',
      });
      const purchases = planted.checks.find((check) => check.check === 'purchases_credited_once')!;
      expect(purchases.mismatches.find((row) => row.merchantRefNum === merchantRefNum)).toMatchObject({ status: 1, credits: 0 });
      const [alert] = await database.db.select().from(moneyAlerts).where(eq(moneyAlerts.runId, planted.runId));
      expect(alert?.summary).toMatch(/^Reconciliation found \d+ mismatch/);
      expect(errors).toHaveLength(loggedBefore + 1);

      const { client } = await signedInOperator(['payments']);
      const overview = dataOf<{ alerts: { runId: number }[] }>(await client.get('/api/admin/reconciliation'));
      expect(overview.alerts.map((entry) => entry.runId)).toContain(planted.runId);
    } finally {
      await owner.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${account!.id}`);
      await database.db.delete(paymentIntents).where(eq(paymentIntents.merchantRefNum, merchantRefNum));
    }
    const after = await reconciliation.run('operator');
    expect(mine(after)).toEqual([]);
    expect(
      after.checks.find((check) => check.check === 'purchases_credited_once')?.mismatches.map((row) => row.merchantRefNum),
    ).not.toContain(merchantRefNum);
  });

  it('the daily job runs once per UTC day', async () => {
    const { database } = await testServer();
    const reconciliation = createReconciliation(database.db, { error: () => undefined });
    const future = new Date(Date.UTC(2099, 0, 1, 5));
    // Runs from the far future do not exist yet: the first of that day runs, the second finds it.
    await database.db.execute(
      sql`delete from money_alerts where run_id in (select id from reconciliation_runs where started_at >= '2099-01-01')`,
    );
    await database.db.execute(sql`delete from reconciliation_runs where started_at >= '2099-01-01'`);
    const first = await reconciliation.runDaily(future);
    expect(first).not.toBeNull();
    await database.db.execute(sql`update reconciliation_runs set started_at = ${future} where id = ${first!.runId}`);
    expect(await reconciliation.runDaily(new Date(Date.UTC(2099, 0, 1, 23)))).toBeNull();
    await database.db.execute(sql`delete from money_alerts where run_id = ${first!.runId}`);
    await database.db.execute(sql`delete from reconciliation_runs where id = ${first!.runId}`);
  });
});
