import { transactionStatus } from '@casino/contracts/store';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { failedWebhooks, operatorAuditLog } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { testServer } from '../../test/harness.js';
import { signedInOperator } from '../admin/test-support.js';
import { luhnNumbers } from '../payments/card-numbers.js';
import { postWebhook } from '../payments/payment-helpers.js';
import { balancesOf, deliverWebhook, linkBank, redeemingPlayer, redemptionOf, standaloneRedeem } from '../redeem/redeem-helpers.js';
import { deskRow, playerView, purchaseWaitingForWebhook, refuseWrites } from './test-support.js';

/**
 * Failed provider webhooks: a verified event whose handling throws is kept and
 * answered 5xx so the provider retries; a retry that succeeds resolves it; the money desk lists it
 * and replays it through the provider's own handler, once, audited with the operator's reason.
 * The failure is the database refusing the handler's write (test-support.ts).
 */
const errorOf = (response: { body: unknown }) =>
  (response.body as { errors?: { errorCode: number; description: string; details?: unknown }[] }).errors?.[0];

async function auditOf(webhookId: number) {
  const { database } = await testServer();
  return database.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.targetType, 'webhook'), eq(operatorAuditLog.targetId, String(webhookId))))
    .orderBy(operatorAuditLog.id);
}

const CREDITED = { gcCoin: 20_000, psc: 20 };

describe('a processor webhook whose handling fails', () => {
  it('is kept with its error and answered 503 for a retry; the retry that succeeds credits once and resolves it', async () => {
    const purchase = await purchaseWaitingForWebhook();
    const allow = await purchase.refuseCredit();
    const first = await postWebhook(purchase.webhook());
    expect(first.status).toBe(503);
    expect(errorOf(first)).toMatchObject({
      errorCode: 3842,
      description: 'The event could not be applied now. It is kept for the money desk; please retry.',
    });
    // The processor retries the same event: one row, two attempts.
    expect((await postWebhook(purchase.webhook())).status).toBe(503);
    expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject({
      status: transactionStatus.inProcess,
      wallet: { gcCoin: 0 },
    });

    const { client: desk } = await signedInOperator(['payments']);
    const kept = await deskRow(desk, purchase.eventId, 'failed');
    expect(kept).toMatchObject({
      provider: 'FINIX',
      reference: purchase.merchantRefNum,
      summary: 'transfer SUCCEEDED 9.99 USD',
      status: 'failed',
      attempts: 2,
      lastError: 'the database refused the write (payment_intents)',
      replayedAt: null,
      resolvedAt: null,
    });
    expect(Date.parse(kept!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(kept!.firstSeenAt));

    await allow();
    const retry = await postWebhook(purchase.webhook());
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ data: { received: true, duplicate: false } });
    expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject({
      status: transactionStatus.success,
      wallet: { gcCoin: CREDITED.gcCoin, scCoin: { psc: CREDITED.psc } },
    });
    expect(await deskRow(desk, purchase.eventId, 'failed')).toBeUndefined();
    const resolved = await deskRow(desk, purchase.eventId, 'resolved');
    expect(resolved).toMatchObject({ status: 'resolved', attempts: 2, replayedBy: null });
    expect(resolved!.resolvedAt).not.toBeNull();
    // Nothing left for the desk to replay.
    const replay = await desk.post(`/api/admin/money/webhooks/${resolved!.webhookId}/replay`, { reason: 'Processor support ticket 4411' });
    expect(replay.status).toBe(409);
    expect(errorOf(replay)?.errorCode).toBe(3843);
  });

  it('keeps no forged delivery: a wrong signature is 401 and stores nothing', async () => {
    const purchase = await purchaseWaitingForWebhook();
    const { body } = purchase.webhook();
    const forged = await postWebhook({ body, headers: { 'content-type': 'application/json', 'finix-signature': 't=1,v1=00' } });
    expect(forged.status).toBe(401);
    expect(errorOf(forged)?.errorCode).toBe(3606);
    const { database } = await testServer();
    expect(await database.db.select().from(failedWebhooks).where(eq(failedWebhooks.eventId, purchase.eventId))).toEqual([]);
  });
});

describe('replaying a failed webhook from the money desk', () => {
  it('refuses a replay without a reason, players and operators without the payments role', async () => {
    const purchase = await purchaseWaitingForWebhook();
    const allow = await purchase.refuseCredit();
    expect((await postWebhook(purchase.webhook())).status).toBe(503);
    await allow();
    const { client: desk } = await signedInOperator(['payments']);
    const { webhookId } = (await deskRow(desk, purchase.eventId, 'failed'))!;
    const url = `/api/admin/money/webhooks/${webhookId}/replay`;

    const noReason = await desk.post(url, {});
    expect(noReason.status).toBe(400);
    expect(errorOf(noReason)?.errorCode).toBe(3000);
    const shortReason = await desk.post(url, { reason: 'ok' });
    expect(errorOf(shortReason)).toMatchObject({ errorCode: 3000, description: 'Please give a reason (at least 5 characters).' });

    expect((await purchase.client.post(url, { reason: 'I would like my coins' })).status).toBe(401);
    expect((await purchase.client.get('/api/admin/money/webhooks')).status).toBe(401);
    for (const role of ['support', 'compliance', 'content'] as const) {
      const { client } = await signedInOperator([role]);
      const refused = await client.post(url, { reason: 'Trying a replay' });
      expect({ role, status: refused.status, code: errorOf(refused)?.errorCode }).toEqual({ role, status: 403, code: 3003 });
      expect(errorOf(await client.get('/api/admin/money/webhooks'))?.errorCode).toBe(3003);
    }
    expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject({
      status: transactionStatus.inProcess,
      wallet: { gcCoin: 0 },
    });
    expect((await deskRow(desk, purchase.eventId))!).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await auditOf(webhookId)).toEqual([]);
  });

  it('a replay that fails again stays failed with the new error; once the cause is fixed it applies once, audited with the reason', async () => {
    const purchase = await purchaseWaitingForWebhook();
    const allow = await purchase.refuseCredit();
    expect((await postWebhook(purchase.webhook())).status).toBe(503);
    const { client: desk, operator } = await signedInOperator(['payments']);
    const { webhookId } = (await deskRow(desk, purchase.eventId, 'failed'))!;
    const url = `/api/admin/money/webhooks/${webhookId}/replay`;

    const failed = await desk.post(url, { reason: 'Retry after the processor confirmed payment' });
    expect(failed.status).toBe(422);
    expect(errorOf(failed)).toMatchObject({
      errorCode: 3844,
      description: 'The event still could not be applied (the database refused the write (payment_intents)). It stays failed.',
      details: { attempts: 2, lastError: 'the database refused the write (payment_intents)' },
    });
    expect(await deskRow(desk, purchase.eventId)).toMatchObject({ status: 'failed', attempts: 2, replayedAt: null });
    expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject({ wallet: { gcCoin: 0 } });

    await allow();
    const replayed = await desk.post(url, { reason: 'Ledger fixed, replaying (ticket 4412)' });
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({
      data: { webhookId, status: 'replayed', duplicate: false },
      message: 'Replayed: the event is applied.',
    });
    const credited = { status: transactionStatus.success, wallet: { gcCoin: CREDITED.gcCoin, scCoin: { psc: CREDITED.psc } } };
    expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject(credited);
    const row = await deskRow(desk, purchase.eventId, 'replayed');
    expect(row).toMatchObject({ status: 'replayed', attempts: 2, replayedBy: operator.email });
    expect(row!.replayedAt).not.toBeNull();

    // Once: a second replay is refused, and the processor's own retry is a duplicate.
    const again = await desk.post(url, { reason: 'Double click on replay' });
    expect(again.status).toBe(409);
    expect(errorOf(again)?.errorCode).toBe(3843);
    const retry = await postWebhook(purchase.webhook());
    expect(retry.body).toMatchObject({ data: { duplicate: true } });
    expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject(credited);
    expect(await deskRow(desk, purchase.eventId)).toMatchObject({ status: 'replayed' });

    const audit = await auditOf(webhookId);
    expect(audit.map((entry) => [entry.action, entry.operatorId, entry.reason])).toEqual([
      ['webhook.replay.failed', operator.operatorId, 'Retry after the processor confirmed payment'],
      ['webhook.replay', operator.operatorId, 'Ledger fixed, replaying (ticket 4412)'],
    ]);
    expect(audit[1]).toMatchObject({
      before: { provider: 'FINIX', eventId: purchase.eventId, status: 'failed', attempts: 2 },
      after: { status: 'replayed', attempts: 2 },
    });
  });

  it('answers 404 for a webhook that does not exist', async () => {
    const { client: desk } = await signedInOperator(['admin']);
    const missing = await desk.post('/api/admin/money/webhooks/987654321/replay', { reason: 'Looking for it' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)?.errorCode).toBe(3001);
  });
});

describe('a payout webhook whose handling fails', () => {
  it('is kept as PAYNOTE with its error, and the retry that succeeds pays the redemption once and resolves it', async () => {
    const { service, sandbox } = await standaloneRedeem();
    const player = await redeemingPlayer(100_00);
    await linkBank(player.client);
    const { withdrawRequestId: id } = await service.request(player.userId, { amount: 60, destination: { type: 'BANK' } });
    await service.submitDue(new Date(Date.now() + 1000));
    const sent = await redemptionOf(id!);
    await sandbox.settle(sent.payoutId!);
    const allow = await refuseWrites('redemptions', `new.id = ${id!} and new.status = 1`);

    const failed = await deliverWebhook(player.client, sandbox, sent.payoutId!);
    expect(failed.status).toBe(503);
    expect(errorOf(failed)?.errorCode).toBe(3842);
    expect((await redemptionOf(id!)).status).toBe(7);
    const { client: desk } = await signedInOperator(['admin']);
    const eventId = (JSON.parse(sandbox.webhooks(sent.payoutId!)[0]!.body) as { id: string }).id;
    expect(await deskRow(desk, eventId, 'failed')).toMatchObject({
      provider: 'PAYNOTE',
      reference: String(id),
      summary: 'payout SUCCEEDED 60.00 USD',
      attempts: 1,
      lastError: 'the database refused the write (redemptions)',
    });

    await allow();
    const retry = await deliverWebhook(player.client, sandbox, sent.payoutId!);
    expect(retry.status).toBe(200);
    expect((await redemptionOf(id!)).status).toBe(1);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 40_00, pending: 0 });
    expect(await deskRow(desk, eventId)).toMatchObject({ status: 'resolved' });
  });
});

describe('what a failed webhook keeps', () => {
  it('only the fields its handler reads: no card number, token or secret', async () => {
    const purchase = await purchaseWaitingForWebhook();
    const allow = await purchase.refuseCredit();
    expect((await postWebhook(purchase.webhook())).status).toBe(503);
    await allow();
    const { database, config } = await testServer();
    const [row] = await database.db.select().from(failedWebhooks).where(eq(failedWebhooks.eventId, purchase.eventId));
    expect(row!.event).toEqual({
      eventId: purchase.eventId,
      transfer: {
        id: expect.any(String) as string,
        state: 'SUCCEEDED',
        amount: 999,
        currency: 'USD',
        merchantRefNum: purchase.merchantRefNum,
        failureCode: null,
      },
    });
    const rows = await queryRows<{ row: string }>(database.db, sql`select row_to_json(t)::text as row from failed_webhooks t`);
    expect(rows.length).toBeGreaterThan(0);
    const text = rows.map((entry) => entry.row).join('\n');
    expect(luhnNumbers(text)).toEqual([]);
    expect(text).not.toContain(config.finixWebhookSecret);
    expect(text).not.toContain(config.paynoteWebhookSecret);
  });
});
