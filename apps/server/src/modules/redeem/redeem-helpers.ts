import { randomUUID } from 'node:crypto';
import { DEFAULT_MIN_REDEEMABLE_COINS } from '@casino/contracts/redeem';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxEvents, redemptions, users } from '../../db/schema/index.js';
import { createEventBus } from '../../events/event-bus.js';
import { createLedgerService } from '../../money/ledger/ledger-service.js';
import { createSandboxPaynote, type SandboxPaynote } from '../../providers/payouts/sandbox-paynote.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { signedInClient, testLedger, type SignedInPlayer } from '../../test/signed-in.js';
import { createSsnService } from '../kyc/ssn-service.js';
import { prizeReportingOf } from './module.js';
import { createRedeemService, type RedeemService, type RedeemSettings } from './service.js';

/** Test helpers of redemption: players with redeemable SC, the bank-link widget's steps by HTTP. */

/**
 * A signed-in player whose KYC is approved and whose social security number is on file (set
 * directly: those flows are another feature's; `ssn: false` leaves none) with `wsc` hundredths redeemable.
 */
export async function redeemingPlayer(
  wsc: number,
  { kycStatus = 'APPROVED', ssn = true }: { kycStatus?: string; ssn?: boolean } = {},
): Promise<SignedInPlayer> {
  const player = await signedInClient('rdm');
  const { database, config } = await testServer();
  await database.db.update(users).set({ kycStatus }).where(eq(users.id, player.userId));
  if (ssn) await createSsnService(database.db, config.personalDataKey).update(player.userId, '123456789');
  if (wsc > 0) await creditRedeemable(player.userId, wsc);
  return player;
}

/** SC wins go to redeemable (docs/ARCHITECTURE.md 'The money core'): fund wsc as a game win would. */
export async function creditRedeemable(userId: number, amount: number): Promise<void> {
  await (await testLedger()).creditWin({ userId, coin: 'SC', amount, idempotencyKey: `test-win:${randomUUID()}` });
}

export async function balancesOf(userId: number) {
  const ledger = await testLedger();
  return { ...(await ledger.balances(userId)), pending: await ledger.pendingRedemption(userId) };
}

/** What the widget does: sign in at the chosen bank and pick an account; answers the reference. */
export async function linkInWidget(
  client: TestClient,
  { bankId = 'national', accountId = 'checking' }: { bankId?: string; accountId?: string } = {},
): Promise<string> {
  const sources = await client.get('payment/get-funding-source');
  expect(sources.status).toBe(200);
  const linkUrl = (sources.body.data as { finixData: { linkUrl: string } }).finixData.linkUrl;
  const customerId = new URL(linkUrl, 'http://x').searchParams.get('customer');
  const signIn = await client.request<{ session: string }>('POST', '/sandbox/paynote/v1/sessions', {
    body: { customerId, bankId, username: 'user_good', password: 'pass_good' },
  });
  expect(signIn.status).toBe(200);
  const picked = await client.request<{ reference: string }>('POST', '/sandbox/paynote/v1/accounts', {
    body: { session: signIn.body.session, accountId },
  });
  expect(picked.status).toBe(200);
  return picked.body.reference;
}

/** Links an account and checks the seed's success text; answers its source_id. */
export async function linkBank(client: TestClient, options: { bankId?: string; accountId?: string } = {}): Promise<number> {
  const reference = await linkInWidget(client, options);
  const saved = await client.put('payment/bank-details', { accountReference: reference });
  expect(saved.status).toBe(200);
  expect(saved.body.message).toBe('Your bank details have been saved successfully.');
  return (saved.body.data as { source_id: number }).source_id;
}

export async function redemptionOf(id: number) {
  const { database } = await testServer();
  const [row] = await database.db.select().from(redemptions).where(eq(redemptions.id, id));
  if (!row) throw new Error(`no redemption ${id}`);
  return row;
}

export async function eventsOf(userId: number): Promise<string[]> {
  const { database } = await testServer();
  const rows = await database.db
    .select({ type: outboxEvents.type })
    .from(outboxEvents)
    .where(sql`${outboxEvents.type} like 'Redemption%' and (${outboxEvents.payload} ->> 'userId')::bigint = ${userId}`)
    .orderBy(outboxEvents.id);
  return rows.map((row) => row.type);
}

/**
 * A redeem service over the test database with its own sandbox provider whose webhooks go
 * nowhere (the test posts them itself) and whose payouts settle only on `settle()`. The sandbox
 * signs with the test server's secret, so its webhooks verify on the real webhook route.
 */
export async function standaloneRedeem(
  settings: Partial<RedeemSettings> = {},
): Promise<{ service: RedeemService; sandbox: SandboxPaynote }> {
  const { database, config } = await testServer();
  const silent = { warn: () => undefined, error: () => undefined };
  const sandbox = createSandboxPaynote({
    webhookSecret: config.paynoteWebhookSecret,
    webhookUrl: () => 'http://127.0.0.1:9/lost',
    settleAfterMs: null,
    log: silent,
  });
  const service = createRedeemService({
    db: database.db,
    bus: createEventBus(database.db, { log: silent }),
    ledger: createLedgerService(database.db),
    provider: sandbox,
    settings: {
      reviewWindowSeconds: 0,
      minCoins: DEFAULT_MIN_REDEEMABLE_COINS,
      maxCoins: 10_000,
      dailyCapCoins: 20_000,
      customerSecret: config.paynoteWebhookSecret,
      ...settings,
    },
    prizeReporting: prizeReportingOf({ db: database.db, config }),
    log: silent,
  });
  return { service, sandbox };
}

/** Posts the sandbox's recorded webhook for a payout to the server, as the provider would. */
export async function deliverWebhook(client: TestClient, sandbox: SandboxPaynote, payoutId: string) {
  const [record] = sandbox.webhooks(payoutId);
  if (!record) throw new Error(`no webhook for payout ${payoutId}`);
  return client.request<{ data?: { duplicate: boolean } }>('POST', 'payment/paynote/webhook', {
    body: JSON.parse(record.body) as unknown,
    headers: { 'paynote-signature': record.signature },
  });
}
