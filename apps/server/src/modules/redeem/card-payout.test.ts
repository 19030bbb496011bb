import { redeemStatus } from '@casino/contracts/redeem';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { signedInOperator } from '../admin/test-support.js';
import { packageBySlug, payWithCard, TEST_CARDS } from '../payments/payment-helpers.js';
import { balancesOf, redeemingPlayer, redemptionOf } from './redeem-helpers.js';

type RedeemData = { success: boolean; withdrawRequestId: number | null; status: number | null };

// The server starts once for the file, within the hook's time rather than the first test's.
beforeAll(async () => {
  await testServer();
});

/** A card saved at a purchase (the processor's instrument); answers its paymentInformationId. */
async function savedCard(client: TestClient, card: string): Promise<number> {
  const pkg = await packageBySlug('starter-199');
  await payWithCard(client, pkg, card, { isSaveCard: true });
  const cards = (await client.get('payment/finix/saved-cards')).body.data as { rows: { paymentInformationId: number }[] };
  return cards.rows[0]!.paymentInformationId;
}

async function approve(redemptionId: number) {
  const { client } = await signedInOperator(['payments']);
  const approved = await client.post(`/api/admin/redemptions/${redemptionId}/approve`, { reason: 'Reviewed' });
  expect(approved.status).toBe(200);
}

describe('POST /payment/finix/create-instrument-payout (seed 001 section 7: amount, packageId)', () => {
  it('redeems to the card the player bought with: pending first, then paid to the card at once when sent', async () => {
    const player = await redeemingPlayer(200_00);
    const cardId = await savedCard(player.client, TEST_CARDS.visa);
    const pkg = await packageBySlug('starter-199');
    const requested = await player.client.post('payment/finix/create-instrument-payout', { amount: 60, packageId: pkg.id });
    expect(requested.status).toBe(200);
    const data = requested.body.data as RedeemData;
    expect(data).toMatchObject({ success: true, status: redeemStatus.pending });
    expect(await redemptionOf(data.withdrawRequestId!)).toMatchObject({ method: 'CARD', savedCardId: cardId, amount: 60_00 });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 140_00, pending: 60_00 });

    const { client: operator } = await signedInOperator(['payments']);
    const queue = (await operator.get('/api/admin/redemptions', { status: 'pending', limit: 100 })).body.data as {
      rows: { redemptionId: number; destination: string }[];
    };
    expect(queue.rows.find((row) => row.redemptionId === data.withdrawRequestId)?.destination).toBe('VISA ••1111');

    await approve(data.withdrawRequestId!);
    const paid = await redemptionOf(data.withdrawRequestId!);
    expect(paid.status).toBe(redeemStatus.success);
    expect(paid.payoutId).toMatch(/^PTC/);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 140_00, pending: 0 });
  });

  it('gives the coins back when the card declines the payout (status 3, CARD_DECLINED)', async () => {
    const player = await redeemingPlayer(200_00);
    const cardId = await savedCard(player.client, TEST_CARDS.declined);
    const requested = await player.client.post('payment/finix/create-instrument-payout', { amount: 60, paymentInformationId: cardId });
    const id = (requested.body.data as RedeemData).withdrawRequestId!;
    await approve(id);
    expect(await redemptionOf(id)).toMatchObject({ status: redeemStatus.failed, failureReason: 'CARD_DECLINED' });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 200_00, pending: 0 });
  });

  it("refuses without a saved card of the player's (3605), and keeps the redemption rules (3701)", async () => {
    const player = await redeemingPlayer(200_00);
    const none = await player.client.post('payment/finix/create-instrument-payout', { amount: 60, packageId: 1 });
    expect(none.status).toBe(404);
    expect(none.body.errors?.[0]).toMatchObject({ errorCode: 3605 });

    const other = await redeemingPlayer(200_00);
    const othersCard = await savedCard(other.client, TEST_CARDS.visa);
    const stolen = await player.client.post('payment/finix/create-instrument-payout', { amount: 60, paymentInformationId: othersCard });
    expect(stolen.body.errors?.[0]?.errorCode).toBe(3605);

    await savedCard(player.client, TEST_CARDS.visa);
    const small = await player.client.post('payment/finix/create-instrument-payout', { amount: 50, packageId: 1 });
    expect(small.body.errors?.[0]?.errorCode).toBe(3701);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 200_00, pending: 0 });
  });
});
