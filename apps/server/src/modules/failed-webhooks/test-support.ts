import { randomBytes } from 'node:crypto';
import { transactionStatus } from '@casino/contracts/store';
import { expect } from 'vitest';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { intentOf, packageBySlug, payWithCard, signedWebhook, TEST_CARDS, webhooksDelivered } from '../payments/payment-helpers.js';

/**
 * Test helpers of failed webhooks. The failure is the database refusing the handler's write (a
 * trigger made for one purchase or redemption, dropped to let it through): the handler's
 * transaction rolls back as it would on any error, and no other test's rows are touched.
 */
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

export interface DeskRow {
  webhookId: number;
  provider: string;
  eventId: string;
  reference: string;
  summary: string;
  status: string;
  attempts: number;
  lastError: string;
  firstSeenAt: string;
  lastSeenAt: string;
  replayedAt: string | null;
  replayedBy: string | null;
  resolvedAt: string | null;
}

/**
 * Makes the database refuse `table`'s update of one row (the test's own) until the returned
 * function is called; after `delaySeconds`, so that a race test can overlap another request with it.
 */
export async function refuseWrites(table: 'payment_intents' | 'redemptions', when: string, delaySeconds = 0): Promise<() => Promise<void>> {
  // A trigger is the tables' owner's to make.
  const { owner } = await testServer();
  const name = `test_refuse_${randomBytes(6).toString('hex')}`;
  await owner.withConnection(async (run) => {
    await run(
      `create function ${name}() returns trigger language plpgsql as $$ begin perform pg_sleep(${Number(delaySeconds)}); ` +
        `raise exception 'the database refused the write (${table})'; end $$`,
    );
    await run(`create trigger ${name} before update on ${table} for each row when (${when}) execute function ${name}()`);
  });
  return () =>
    owner.withConnection(async (run) => {
      await run(`drop trigger ${name} on ${table}`);
      await run(`drop function ${name}()`);
    });
}

/** A purchase waiting for its 3-D Secure step (in process, with the processor's transfer), and its success webhook. */
export async function purchaseWaitingForWebhook() {
  const player = await signedInPlayer();
  const pkg = await packageBySlug('silver-999');
  const result = await payWithCard(player.client, pkg, TEST_CARDS.challenge);
  await webhooksDelivered(player.client, result.merchantRefNum, 1);
  const intent = await intentOf(result.merchantRefNum);
  const { config } = await testServer();
  const eventId = `EVfail${randomBytes(8).toString('hex')}`;
  const webhook = () =>
    signedWebhook(
      config.finixWebhookSecret,
      { id: intent.processorTransferId!, state: 'SUCCEEDED', amount: intent.amount, merchantRefNum: intent.merchantRefNum },
      { eventId },
    );
  const refuseCredit = (delaySeconds = 0) =>
    refuseWrites(
      'payment_intents',
      `new.merchant_ref_num = '${intent.merchantRefNum}' and new.status = ${transactionStatus.success}`,
      delaySeconds,
    );
  return { ...player, merchantRefNum: intent.merchantRefNum, eventId, webhook, refuseCredit };
}

/** What the player sees: the purchase's status and the wallet of their profile. */
export async function playerView(client: TestClient, merchantRefNum: string) {
  const status = await client.get('payment/status', { providerType: 'FINIX', paymentReference: merchantRefNum });
  const profile = await client.get('user/profile');
  return {
    status: dataOf<{ status: number }>(status).status,
    wallet: dataOf<{ userWallet: { gcCoin: number; scCoin: { psc: number } } }>(profile).userWallet,
  };
}

export async function deskRow(client: TestClient, eventId: string, status = 'all'): Promise<DeskRow | undefined> {
  for (let page = 1; page < 50; page += 1) {
    const response = await client.get('/api/admin/money/webhooks', { status, page, limit: 100 });
    expect(response.status).toBe(200);
    const { rows, count } = dataOf<{ rows: DeskRow[]; count: number }>(response);
    const found = rows.find((row) => row.eventId === eventId);
    if (found || page * 100 >= count) return found;
  }
  return undefined;
}
