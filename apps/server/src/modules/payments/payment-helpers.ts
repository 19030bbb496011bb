import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxEvents, packages, paymentIntents } from '../../db/schema/index.js';
import { signWebhook } from '../../providers/payments/card-processor.js';
import { createLedgerService } from '../../money/ledger/ledger-service.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import type { Balances } from '../../money/ledger/types.js';

/** Test helpers of the purchase path: what the dialog and the processor's pages do, by HTTP. */
export const TEST_CARDS = {
  visa: '4111 1111 1111 1111',
  mastercard: '5555 5555 5555 4444',
  discover: '6011 1111 1111 1117',
  amex: '3782 822463 10005',
  declined: '4000 0000 0000 0002',
  challenge: '4000 0000 0000 3220',
  lostResponse: '4000 0000 0000 0408',
} as const;

export interface PackageInfo {
  id: number;
  amount: number;
  gcCoin: number;
  scCoin: number;
}

export async function packageBySlug(slug: string): Promise<PackageInfo> {
  const { database } = await testServer();
  const [row] = await database.db.select().from(packages).where(eq(packages.slug, slug));
  if (!row) throw new Error(`no package ${slug}`);
  return { id: row.id, amount: row.amount, gcCoin: row.gcCoin, scCoin: row.scCoin };
}

/** POST /payment/init-pay for a package at its price; answers the merchantRefNum. */
export async function initPay(client: TestClient, pkg: PackageInfo): Promise<string> {
  const response = await client.post('payment/init-pay', {
    amount: pkg.amount / 100,
    packageId: pkg.id,
    paymentType: 'deposit',
    providerType: 'FINIX',
  });
  expect(response.status).toBe(200);
  return (response.body.data as { paymentData: { merchantRefNum: string } }).paymentData.merchantRefNum;
}

/** What the processor's card-field page does: the number goes to the processor, a token comes back. */
export async function tokenize(client: TestClient, number: string, cvc = number.startsWith('37') ? '1234' : '123'): Promise<string> {
  const response = await client.request<{ id: string }>('POST', '/sandbox/finix/v1/tokens', {
    body: { number, expiry: '12/34', cvc, name: 'Test Player' },
  });
  expect(response.status).toBe(200);
  return response.body.id;
}

export interface CardResult {
  state: 'SUCCEEDED' | 'FAILED' | 'PENDING';
  merchantRefNum: string;
  threeDSecureUrl: string | null;
  message: string | null;
}

export async function payWithCard(
  client: TestClient,
  pkg: PackageInfo,
  card: string,
  options: { isSaveCard?: boolean } = {},
): Promise<CardResult> {
  const merchantRefNum = await initPay(client, pkg);
  const token = await tokenize(client, card);
  const response = await client.post('payment/finix/create-instrument', {
    type: 'TOKEN',
    token,
    merchantRefNum,
    amount: pkg.amount / 100,
    packageId: pkg.id,
    isSaveCard: options.isSaveCard ?? false,
  });
  expect(response.status).toBe(200);
  return response.body.data as unknown as CardResult;
}

export async function balances(userId: number): Promise<Balances> {
  const { database } = await testServer();
  return createLedgerService(database.db).balances(userId);
}

export async function purchaseEvents(userId: number): Promise<number> {
  const { database } = await testServer();
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.userId, userId), eq(outboxEvents.type, 'PurchaseCredited')));
  return row?.n ?? 0;
}

export async function intentOf(merchantRefNum: string) {
  const { database } = await testServer();
  const [row] = await database.db.select().from(paymentIntents).where(eq(paymentIntents.merchantRefNum, merchantRefNum));
  return row!;
}

/** A webhook as the processor would send it, signed with `secret` at `timestamp`. */
export function signedWebhook(
  secret: string,
  entity: { id: string; state: string; amount: number; currency?: string; merchantRefNum: string; failureCode?: string },
  options: { eventId?: string; timestamp?: number } = {},
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id:
      options.eventId ??
      `EVtest${randomBytes(9)
        .toString('base64url')
        .replace(/[^a-zA-Z]/g, 'x')}`,
    type: 'transfer.updated',
    entity: {
      id: entity.id,
      state: entity.state,
      amount: entity.amount,
      currency: entity.currency ?? 'USD',
      tags: { merchantRefNum: entity.merchantRefNum },
      failure_code: entity.failureCode ?? null,
      failure_message: null,
    },
  });
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return { body, headers: { 'content-type': 'application/json', 'finix-signature': signWebhook(secret, body, timestamp) } };
}

/** Posts a raw webhook body as the processor does (no Origin, no cookie). */
export async function postWebhook(webhook: { body: string; headers: Record<string, string> }): Promise<{ status: number; body: unknown }> {
  const { baseUrl } = await testServer();
  const response = await fetch(new URL('/api/v1/payment/finix/webhook', baseUrl), {
    method: 'POST',
    headers: webhook.headers,
    body: webhook.body,
  });
  return { status: response.status, body: await response.json() };
}

/** Waits until the sandbox delivered every webhook it sent for this intent (it sends them in the background). */
export async function webhooksDelivered(
  client: TestClient,
  merchantRefNum: string,
  atLeast: number,
): Promise<{ body: string; state: string }[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await client.get('dev/finix/webhooks', { merchantRefNum });
    const rows = (response.body.data?.rows ?? []) as { body: string; state: string; deliveredStatus: number | null }[];
    if (rows.length >= atLeast && rows.every((row) => row.deliveredStatus !== null)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the sandbox did not deliver ${atLeast} webhooks for ${merchantRefNum}`);
}
