import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';

describe('GET /payment/assets', () => {
  it("lists the card brands and the configured providers' purchase and payout methods", async () => {
    const { client } = await signedInPlayer();
    const response = await client.get('payment/assets');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      currency: 'USD',
      cardBrands: ['VISA', 'MASTERCARD', 'DISCOVER', 'AMERICAN_EXPRESS'],
      purchase: [
        { providerType: 'FINIX', methods: ['PAYMENT_CARD', 'APPLE_PAY', 'GOOGLE_PAY'] },
        { providerType: 'PAYSAFE', methods: ['HOSTED_CARD', 'EWALLET'] },
        { providerType: 'SHIFT4', methods: ['PAYMENT_CARD'] },
      ],
      redeem: [
        { providerType: 'PAYNOTE', methods: ['BANK', 'EWALLET'] },
        { providerType: 'FINIX', methods: ['CARD'] },
      ],
    });
  });

  it('needs a signed-in player', async () => {
    expect((await (await newClient()).get('payment/assets')).status).toBe(401);
  });
});
