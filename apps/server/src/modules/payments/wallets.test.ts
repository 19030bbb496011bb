import { randomBytes } from 'node:crypto';
import { paymentMessages } from '@casino/contracts/store';
import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { balances, initPay, intentOf, packageBySlug, purchaseEvents, webhooksDelivered, type PackageInfo } from './payment-helpers.js';

/**
 * Apple Pay and Google Pay (decision 011): the wallet's payment token goes to
 * create-instrument with type APPLE_PAY or GOOGLE_PAY, becomes an instrument and a transfer, and
 * is credited exactly once like a card. Apple Pay's merchant validation goes through
 * POST /payment/finix/apple-pay-session.
 */

const random = () => randomBytes(12).toString('base64');

/** Apple's PKPaymentToken as the Apple Pay sheet hands it over (onpaymentauthorized: event.payment.token). */
function applePayToken(displayName = 'Visa 1111', network = 'Visa'): string {
  return JSON.stringify({
    paymentData: {
      version: 'EC_v1',
      data: random(),
      signature: random(),
      header: { ephemeralPublicKey: random(), publicKeyHash: random(), transactionId: randomBytes(16).toString('hex') },
    },
    paymentMethod: { displayName, network, type: 'debit' },
    transactionIdentifier: randomBytes(16).toString('hex'),
  });
}

/** Google Pay's tokenizationData.token (protocol ECv2). */
function googlePayToken(card = 'MASTERCARD-4444'): string {
  return JSON.stringify({
    signature: random(),
    intermediateSigningKey: { signedKey: random(), signatures: [random()] },
    protocolVersion: 'ECv2',
    signedMessage: JSON.stringify({ encryptedMessage: card, ephemeralPublicKey: random(), tag: random() }),
  });
}

async function payWithWallet(client: TestClient, pkg: PackageInfo, type: 'APPLE_PAY' | 'GOOGLE_PAY', token: string) {
  const merchantRefNum = await initPay(client, pkg);
  const response = await client.post('payment/finix/create-instrument', {
    type,
    token,
    merchantRefNum,
    amount: pkg.amount / 100,
    packageId: pkg.id,
    isSaveCard: true,
  });
  return { merchantRefNum, response };
}

describe('POST /payment/finix/apple-pay-session', () => {
  it("answers a merchant session for Apple's validation URL and this site's domain", async () => {
    const { client } = await signedInPlayer();
    const { config } = await testServer();
    const response = await client.post('payment/finix/apple-pay-session', {
      provider: 'FINIX',
      validation_url: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
      merchant_identity: 'ignored',
      domain: new URL(config.publicUrl).hostname,
      display_name: 'Lucky Casino',
    });
    expect(response.status).toBe(200);
    const session = (response.body.data as { sessionDetails: Record<string, unknown> }).sessionDetails;
    expect(session).toMatchObject({ displayName: 'Lucky Casino', domainName: new URL(config.publicUrl).hostname });
    expect(session.merchantSessionIdentifier).toEqual(expect.any(String));
  });

  it('refuses a validation URL that is not Apple, another domain, and a visitor', async () => {
    const { client } = await signedInPlayer();
    const { config } = await testServer();
    const domain = new URL(config.publicUrl).hostname;
    const notApple = await client.post('payment/finix/apple-pay-session', {
      validation_url: 'https://apple-pay-gateway.apple.com.evil.example/paymentservices/startSession',
      domain,
      display_name: 'Lucky Casino',
    });
    expect(notApple.status).toBe(400);
    expect(notApple.body.errors?.[0]?.errorCode).toBe(3622);
    const otherDomain = await client.post('payment/finix/apple-pay-session', {
      validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      domain: 'evil.example',
      display_name: 'Lucky Casino',
    });
    expect(otherDomain.body.errors?.[0]?.errorCode).toBe(3622);
    const visitor = await (
      await newClient()
    ).post('payment/finix/apple-pay-session', {
      validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      domain,
      display_name: 'Lucky Casino',
    });
    expect(visitor.status).toBe(401);
  });
});

describe('wallet payments', () => {
  it('credits an Apple Pay token once: the API answer and the webhook together, and a replayed token is refused', async () => {
    const { client, userId } = await signedInPlayer();
    const pkg = await packageBySlug('gold-1999');
    const token = applePayToken();
    const { merchantRefNum, response } = await payWithWallet(client, pkg, 'APPLE_PAY', token);

    expect(response.body.data).toMatchObject({ state: 'SUCCEEDED', message: paymentMessages.success });
    // A new player's first purchase of this package carries the 100 % first-purchase bonus.
    expect(await balances(userId)).toEqual({ gc: 4_000_000, bsc: 0, psc: 4100, wsc: 0 });
    expect(await intentOf(merchantRefNum)).toMatchObject({ status: 1, paymentMethod: 'APPLE_PAY' });
    await webhooksDelivered(client, merchantRefNum, 1);
    expect(await purchaseEvents(userId)).toBe(1);
    // A wallet is not a saved card.
    expect((await client.get('payment/finix/saved-cards')).body.data).toMatchObject({ count: 0 });

    const replay = await payWithWallet(client, pkg, 'APPLE_PAY', token);
    expect(replay.response.body.errors?.[0]?.errorCode).toBe(3604);
    expect(await balances(userId)).toEqual({ gc: 4_000_000, bsc: 0, psc: 4100, wsc: 0 });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it('credits a Google Pay token once', async () => {
    const { client, userId } = await signedInPlayer();
    const pkg = await packageBySlug('starter-199');
    const { merchantRefNum, response } = await payWithWallet(client, pkg, 'GOOGLE_PAY', googlePayToken());
    expect(response.body.data).toMatchObject({ state: 'SUCCEEDED' });
    await webhooksDelivered(client, merchantRefNum, 1);
    expect(await balances(userId)).toEqual({ gc: 400_000, bsc: 0, psc: 400, wsc: 0 });
    expect(await intentOf(merchantRefNum)).toMatchObject({ paymentMethod: 'GOOGLE_PAY' });
    expect(await purchaseEvents(userId)).toBe(1);
  });

  it('records a declined wallet card with the seed message and credits nothing', async () => {
    const { client, userId } = await signedInPlayer();
    const { response } = await payWithWallet(client, await packageBySlug('starter-199'), 'APPLE_PAY', applePayToken('Visa 0002'));
    expect(response.body.data).toMatchObject({ state: 'FAILED', message: paymentMessages.declined });
    expect(await balances(userId)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });
  });

  it('refuses a malformed wallet token and a wallet payment without a token', async () => {
    const { client, userId } = await signedInPlayer();
    const pkg = await packageBySlug('starter-199');
    const { merchantRefNum, response } = await payWithWallet(
      client,
      pkg,
      'APPLE_PAY',
      JSON.stringify({ paymentData: { version: 'EC_v1' } }),
    );
    expect(response.body.errors?.[0]?.errorCode).toBe(3604);
    // Nothing was charged: the intent can still be paid.
    expect(await intentOf(merchantRefNum)).toMatchObject({ status: 0 });
    const missing = await client.post('payment/finix/create-instrument', {
      type: 'GOOGLE_PAY',
      paymentInformationId: 1,
      merchantRefNum,
      amount: pkg.amount / 100,
      packageId: pkg.id,
    });
    expect(missing.status).toBe(400);
    expect(await balances(userId)).toEqual({ gc: 0, bsc: 0, psc: 0, wsc: 0 });
  });
});
