import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentAlerts } from '../../db/schema/index.js';
import { createEventBus } from '../../events/event-bus.js';
import { createLedgerService } from '../../money/ledger/ledger-service.js';
import { createTestPlayers } from '../../money/ledger/test-players.js';
import { finixTransferSchema, toProcessorTransfer } from '../../providers/payments/finix-api.js';
import {
  FINIX_SANDBOX_ORIGIN,
  finixTestClient,
  identityAnswer,
  instrumentAnswer,
  jsonBody,
  sessionAnswer,
  sessionAuthentication,
  TEST_FINIX_SETTINGS,
  transferAnswer,
} from '../../providers/payments/finix-test-support.js';
import { testServer } from '../../test/harness.js';
import { createStoreService } from '../store/service.js';
import { balances, intentOf, packageBySlug, purchaseEvents } from './payment-helpers.js';
import { createPaymentsService } from './service.js';

/**
 * A card purchase through Finix with 3-D Secure, from the purchase dialog's call to the coins: the
 * intent waits under the session, the status check charges once the session has passed (and
 * credits once), a transfer's webhook arriving first is applied without an operator alert, and a
 * failed session fails the purchase with nothing charged.
 */
const { client: processor, agent } = finixTestClient({ threeDSecure: 'always' });
const finix = () => agent.get(FINIX_SANDBOX_ORIGIN);

afterAll(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

async function setup() {
  const { database } = await testServer();
  const db = database.db;
  const silent = { warn: () => undefined, error: () => undefined };
  const payments = createPaymentsService({
    db,
    bus: createEventBus(db, { log: silent }),
    ledger: createLedgerService(db),
    store: createStoreService(db),
    processor,
    log: silent,
  });
  return { db, payments, silver: await packageBySlug('silver-999') };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** The dialog's card payment: instrument, then the charge, whose session Finix answers `state`. */
async function pay({ payments, silver }: Setup, userId: number, sessionId: string, state: 'PENDING' | 'SUCCEEDED' | 'FAILED') {
  const intent = await payments.initPay(userId, { amount: 9.99, packageId: silver.id });
  const merchantRefNum = intent.paymentData!.merchantRefNum;
  const instrumentId = `PI3ds${userId}`;
  finix()
    .intercept({ path: '/identities', method: 'POST' })
    .reply(201, identityAnswer(`ID3ds${userId}`));
  finix()
    .intercept({ path: '/payment_instruments', method: 'POST' })
    .reply(201, instrumentAnswer({ id: instrumentId, fingerprint: `FPR3ds${userId}` }));
  finix()
    .intercept({
      path: '/3d_secure_sessions',
      method: 'POST',
      body: jsonBody({
        amount: 999,
        currency: 'USD',
        merchant_id: TEST_FINIX_SETTINGS.merchantId,
        payment_instrument_id: instrumentId,
        redirect_url: 'https://casino.example/pay/finix/3ds-return',
      }),
    })
    .reply(201, { ...sessionAnswer(state), id: sessionId });
  const result = await payments.createInstrument(userId, {
    token: `TK3ds${userId}`,
    merchantRefNum,
    amount: 9.99,
    packageId: silver.id,
    isSaveCard: false,
  });
  return { result, merchantRefNum, instrumentId };
}

/** The transfer Finix makes after the session, as it answers it. */
const sessionTransfer = (id: string, merchantRefNum: string, sessionId: string) =>
  transferAnswer({
    id,
    amount: 999,
    amount_requested: 999,
    idempotency_id: merchantRefNum,
    tags: { merchantRefNum, threeDSecureSession: sessionId },
  });

describe('a Finix card purchase with 3-D Secure', () => {
  it('waits under the session, then the status check charges once it has passed and credits once', async () => {
    const made = await setup();
    const [player] = await createTestPlayers(made.db, 1);
    const sessionId = `3d_secure_session_waits${player}`;
    const { result, merchantRefNum, instrumentId } = await pay(made, player!, sessionId, 'PENDING');
    expect(result).toMatchObject({ state: 'PENDING', threeDSecureUrl: null });
    expect(await intentOf(merchantRefNum)).toMatchObject({ status: 7, processorTransferId: `3ds:${sessionId}` });

    // The buyer has not finished: in process, nothing charged.
    finix()
      .intercept({ path: `/3d_secure_sessions/${sessionId}`, method: 'GET' })
      .reply(200, { ...sessionAnswer('PENDING'), id: sessionId });
    await expect(made.payments.status(player!, merchantRefNum)).resolves.toMatchObject({ status: 7 });
    expect(await balances(player!)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });

    // Finished: the transfer is made with the intent's charge and the session's authentication.
    finix()
      .intercept({ path: `/3d_secure_sessions/${sessionId}`, method: 'GET' })
      .reply(200, { ...sessionAnswer('SUCCEEDED'), id: sessionId });
    finix()
      .intercept({ path: `/transfers?idempotency_id=${merchantRefNum}`, method: 'GET' })
      .reply(200, { page: { limit: 20, next_cursor: null } });
    finix()
      .intercept({
        path: '/transfers',
        method: 'POST',
        body: jsonBody({
          amount: 999,
          currency: 'USD',
          merchant: TEST_FINIX_SETTINGS.merchantId,
          source: instrumentId,
          idempotency_id: merchantRefNum,
          tags: { merchantRefNum, threeDSecureSession: sessionId },
          '3d_secure_authentication': sessionAuthentication(),
        }),
      })
      .reply(201, sessionTransfer(`TR3dsPaid${player}`, merchantRefNum, sessionId));
    await expect(made.payments.status(player!, merchantRefNum)).resolves.toMatchObject({ status: 1 });
    expect(await intentOf(merchantRefNum)).toMatchObject({ status: 1, processorTransferId: `TR3dsPaid${player}` });
    expect(await balances(player!)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });

    // Its webhook afterwards changes nothing: credited once.
    const transfer = toProcessorTransfer(finixTransferSchema.parse(sessionTransfer(`TR3dsPaid${player}`, merchantRefNum, sessionId)))!;
    await made.payments.handleWebhook({ eventId: `event_3ds_paid_${player}`, transfer });
    expect(await purchaseEvents(player!)).toBe(1);
    expect(await balances(player!)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
  });

  it("applies the transfer's webhook arriving before the status check, without an operator alert", async () => {
    const made = await setup();
    const [player] = await createTestPlayers(made.db, 1);
    const sessionId = `3d_secure_session_hooked${player}`;
    const { merchantRefNum } = await pay(made, player!, sessionId, 'PENDING');
    const transfer = toProcessorTransfer(finixTransferSchema.parse(sessionTransfer(`TR3dsHook${player}`, merchantRefNum, sessionId)))!;
    await expect(made.payments.handleWebhook({ eventId: `event_3ds_hook_${player}`, transfer })).resolves.toEqual({ duplicate: false });
    const intent = await intentOf(merchantRefNum);
    expect(intent).toMatchObject({ status: 1, processorTransferId: `TR3dsHook${player}` });
    expect(await made.db.select().from(paymentAlerts).where(eq(paymentAlerts.intentId, intent.id))).toEqual([]);
    expect(await balances(player!)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
  });

  it('fails the purchase when the session fails, charging nothing', async () => {
    const made = await setup();
    const [atOnce, later] = await createTestPlayers(made.db, 2);

    const first = await pay(made, atOnce!, `3d_secure_session_refused${atOnce}`, 'FAILED');
    expect(first.result).toMatchObject({ state: 'FAILED', threeDSecureUrl: null });
    expect(await intentOf(first.merchantRefNum)).toMatchObject({ status: 3 });

    const sessionId = `3d_secure_session_failed${later}`;
    const second = await pay(made, later!, sessionId, 'PENDING');
    finix()
      .intercept({ path: `/3d_secure_sessions/${sessionId}`, method: 'GET' })
      .reply(200, { ...sessionAnswer('FAILED'), id: sessionId });
    await expect(made.payments.status(later!, second.merchantRefNum)).resolves.toMatchObject({ status: 3 });
    for (const player of [atOnce!, later!]) expect(await balances(player)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });
  });
});
