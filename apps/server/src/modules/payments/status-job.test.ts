import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../events/event-bus.js';
import { createLedgerService } from '../../money/ledger/ledger-service.js';
import { createTestPlayers } from '../../money/ledger/test-players.js';
import { createSandboxFinix } from '../../providers/payments/sandbox-finix.js';
import { testServer } from '../../test/harness.js';
import { createStoreService } from '../store/service.js';
import { balances, intentOf, packageBySlug, purchaseEvents, TEST_CARDS } from './payment-helpers.js';
import { createPaymentsService } from './service.js';

/**
 * The status job (payments.check-open): when the processor's webhook never arrives, the job's
 * server-to-server check settles an open purchase. Here the processor's webhooks go nowhere.
 */
describe('payments.check-open job', () => {
  it('credits a 3-D Secure purchase whose webhook was lost, once, and records a failed one', async () => {
    const { database } = await testServer();
    const db = database.db;
    const silent = { warn: () => undefined, error: () => undefined };
    const processor = createSandboxFinix({
      webhookSecret: 'x'.repeat(40),
      webhookUrl: () => 'http://127.0.0.1:9/lost',
      merchantDomain: () => '127.0.0.1',
      log: silent,
    });
    const ledger = createLedgerService(db);
    const payments = createPaymentsService({
      db,
      bus: createEventBus(db, { log: silent }),
      ledger,
      store: createStoreService(db),
      processor,
      log: silent,
    });
    const [passed, failed] = await createTestPlayers(db, 2);
    const silver = await packageBySlug('silver-999');

    const pay = async (userId: number) => {
      const intent = await payments.initPay(userId, { amount: 9.99, packageId: silver.id });
      const token = processor.tokenize({ number: TEST_CARDS.challenge, expiry: '12/34', cvc: '123' }).id;
      const result = await payments.createInstrument(userId, {
        token,
        merchantRefNum: intent.paymentData!.merchantRefNum,
        amount: 9.99,
        packageId: silver.id,
        isSaveCard: false,
      });
      expect(result.state).toBe('PENDING');
      return result;
    };
    const first = await pay(passed!);
    const second = await pay(failed!);
    await processor.completeChallenge((await intentOf(first.merchantRefNum)).processorTransferId!, 'pass');
    await processor.completeChallenge((await intentOf(second.merchantRefNum)).processorTransferId!, 'fail');
    expect(await balances(passed!)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });

    expect(await payments.checkOpenIntents(0)).toBeGreaterThanOrEqual(2);
    await payments.checkOpenIntents(0);
    expect(await intentOf(first.merchantRefNum)).toMatchObject({ status: 1 });
    expect(await intentOf(second.merchantRefNum)).toMatchObject({ status: 3 });
    expect(await balances(passed!)).toEqual({ gc: 2_000_000, bsc: 0, psc: 2000, wsc: 0 });
    expect(await balances(failed!)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });
    expect(await purchaseEvents(passed!)).toBe(1);
  });
});
