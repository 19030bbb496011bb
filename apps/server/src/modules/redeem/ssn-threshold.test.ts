import { siteConfigKeys } from '@casino/contracts/site-config';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { siteConfig } from '../../db/schema/index.js';
import { testServer } from '../../test/harness.js';
import { balancesOf, linkBank, redeemingPlayer } from './redeem-helpers.js';

type RedeemData = { success: boolean; withdrawRequestId: number | null };

async function setThreshold(value: string | null) {
  const { database } = await testServer();
  await database.db.delete(siteConfig).where(eq(siteConfig.key, siteConfigKeys.prizeReportingThreshold));
  if (value !== null) await database.db.insert(siteConfig).values({ key: siteConfigKeys.prizeReportingThreshold, value });
}

describe('the yearly prize reporting threshold (docs/decisions/059)', () => {
  afterEach(() => setThreshold(null));

  it('refuses a redemption that brings the year to $600 without an SSN on file (3711), then accepts it once the SSN is saved', async () => {
    const player = await redeemingPlayer(100_000, { ssn: false });
    await linkBank(player.client);
    const first = await player.client.post('payment/paynote', { amount: 500, providerType: 'PAYNOTE', paymentType: 'redeem' });
    expect(first.status).toBe(200);
    expect((first.body.data as RedeemData).success).toBe(true);

    const second = await player.client.post('payment/paynote', { amount: 100, providerType: 'PAYNOTE', paymentType: 'redeem' });
    expect(second.status).toBe(400);
    expect(second.body.errors?.[0]).toMatchObject({
      errorCode: 3711,
      name: 'RedeemSsnRequired',
      description: 'Please provide your social security number: your prizes this year reach the amount we must report.',
      details: { threshold: 600, yearTotal: 500 },
    });
    // Nothing was taken.
    expect((await balancesOf(player.userId)).wsc).toBe(50_000);

    expect((await player.client.post('kyc/update-ssn', { ssn: '123456789' })).status).toBe(200);
    const retried = await player.client.post('payment/paynote', { amount: 100, providerType: 'PAYNOTE', paymentType: 'redeem' });
    expect(retried.status).toBe(200);
    expect((retried.body.data as RedeemData).success).toBe(true);
  });

  it('lets redemptions below the threshold through without an SSN; a cancelled one does not count', async () => {
    const player = await redeemingPlayer(100_000, { ssn: false });
    const email = { actionableEmail: 'prize@games.test', checkbox: true, currency: 'USD', paymentType: 'redeem' };
    const first = await player.client.post('payment/init-pay', { ...email, amount: 599 });
    expect(first.status).toBe(200);
    const id = (first.body.data as RedeemData).withdrawRequestId!;
    expect((await player.client.put('payment/redeem-request', { withdrawRequestId: id })).status).toBe(200);
    const again = await player.client.post('payment/init-pay', { ...email, amount: 599.99 });
    expect(again.status).toBe(200);
    expect((again.body.data as RedeemData).success).toBe(true);
  });

  it('follows the site configuration', async () => {
    await setThreshold('10000');
    const player = await redeemingPlayer(100_000, { ssn: false });
    await linkBank(player.client);
    const refused = await player.client.post('payment/paynote', { amount: 100, providerType: 'PAYNOTE', paymentType: 'redeem' });
    expect(refused.body.errors?.[0]).toMatchObject({ errorCode: 3711, details: { threshold: 100, yearTotal: 0 } });
    const below = await player.client.post('payment/paynote', { amount: 99, providerType: 'PAYNOTE', paymentType: 'redeem' });
    expect(below.status).toBe(200);
  });
});
