import { transactionStatus } from '@casino/contracts/store';
import { and, eq } from 'drizzle-orm';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../db/schema/index.js';
import { testServer } from '../../test/harness.js';
import { signedInOperator } from '../admin/test-support.js';
import { postWebhook } from '../payments/payment-helpers.js';
import { deskRow, playerView, purchaseWaitingForWebhook } from './test-support.js';

/**
 * Operators replaying one failed webhook at once: the replay claims the row
 * with a conditional update, so exactly one runs the handler and audits it. PostgreSQL only
 * (DATABASE_URL): PGlite runs one statement at a time, so there it proves nothing and is skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('failed webhook replay races (PostgreSQL only: PGlite serialises every transaction)', () => {
  it('four operators replay the same failed webhook at once: one runs the handler (failing or not) and is audited, the others are told 3843', async () => {
    const operators = await Promise.all(Array.from({ length: 4 }, () => signedInOperator(['payments'])));
    for (let round = 0; round < 3; round += 1) {
      const purchase = await purchaseWaitingForWebhook();
      // The handler fails half a second in: every replay arrives while the first one runs (one
      // arriving after it failed would rightly run the handler again).
      const allow = await purchase.refuseCredit(0.5);
      expect((await postWebhook(purchase.webhook())).status).toBe(503);
      const { webhookId } = (await deskRow(operators[0]!.client, purchase.eventId, 'failed'))!;
      const replayAll = (reason: string) =>
        Promise.all(operators.map(({ client }) => client.post(`/api/admin/money/webhooks/${webhookId}/replay`, { reason })));

      // Still broken: one replay runs the handler and fails (one attempt more), the others are refused without running it.
      const broken = await replayAll('Replaying before the fix');
      expect(broken.map((response) => response.status).sort()).toEqual([409, 409, 409, 422]);
      expect(await deskRow(operators[0]!.client, purchase.eventId)).toMatchObject({ status: 'failed', attempts: 2 });

      await allow();
      const responses = await replayAll('Replaying after the fix');
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409]);
      for (const response of responses.filter((candidate) => candidate.status === 409)) {
        expect((response.body as { errors: { errorCode: number }[] }).errors[0]!.errorCode).toBe(3843);
      }
      const winner = responses.findIndex((response) => response.status === 200);
      expect(responses[winner]!.body).toMatchObject({ data: { status: 'replayed', duplicate: false } });

      const { database } = await testServer();
      const audit = await database.db
        .select()
        .from(operatorAuditLog)
        .where(and(eq(operatorAuditLog.targetType, 'webhook'), eq(operatorAuditLog.targetId, String(webhookId))));
      expect(audit.map((entry) => entry.action).sort()).toEqual(['webhook.replay', 'webhook.replay.failed']);
      expect(audit.find((entry) => entry.action === 'webhook.replay')?.operatorId).toBe(operators[winner]!.operator.operatorId);
      expect(await deskRow(operators[0]!.client, purchase.eventId)).toMatchObject({
        status: 'replayed',
        replayedBy: operators[winner]!.operator.email,
      });
      expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject({
        status: transactionStatus.success,
        wallet: { gcCoin: 20_000, scCoin: { psc: 20 } },
      });
    }
  });

  it('a copy of a webhook arriving while the first delivery fails is not told duplicate: it is applied or kept too, never dropped', async () => {
    const purchase = await purchaseWaitingForWebhook();
    // The credit fails half a second into the first delivery's transaction.
    const allow = await purchase.refuseCredit(0.5);
    const webhook = purchase.webhook();
    const first = postWebhook(webhook);
    await setTimeout(150);
    const copy = postWebhook(webhook);
    // Both failed and ask the processor to retry; before the event id was recorded in the
    // applying transaction, the copy was answered 200 "duplicate" and the processor gave up.
    expect([(await first).status, (await copy).status]).toEqual([503, 503]);
    expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject({ wallet: { gcCoin: 0 } });

    await allow();
    const retry = await postWebhook(webhook);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ data: { duplicate: false } });
    expect(await playerView(purchase.client, purchase.merchantRefNum)).toMatchObject({
      status: transactionStatus.success,
      wallet: { gcCoin: 20_000, scCoin: { psc: 20 } },
    });
  });
});
