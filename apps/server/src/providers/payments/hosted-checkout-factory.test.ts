import { createHmac } from 'node:crypto';
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createCardProcessor } from './create-card-processor.js';
import { createHostedCheckout } from './hosted-checkout-factory.js';

/** Which hosted checkout the configuration makes, and which Paysafe configurations refuse to start. */
const base = { APP_ENV: 'test', DATA_DIR: 'memory://' };
const production = {
  APP_ENV: 'production',
  DATA_DIR: 'memory://',
  PUBLIC_URL: 'https://casino.example',
  GAME_SERVER_SECRET: 'a-test-game-server-secret-of-forty-characters',
};
const paysafe = {
  PAYSAFE_API_KEY_USERNAME: 'pmle-1001062690',
  PAYSAFE_API_KEY_PASSWORD: 'B-qa2-0-private-password',
  PAYSAFE_PUBLIC_API_KEY: 'public-1001062690:B-qa2-0-public-password',
};
const silent = { warn: () => undefined };

describe('the hosted checkout factory', () => {
  it('makes the sandbox without Paysafe keys, and nothing in production without ALLOW_SANDBOX', () => {
    expect(createHostedCheckout(loadConfig(base))).toMatchObject({ kind: 'sandbox', environment: 'TEST' });
    expect(createHostedCheckout(loadConfig({ ...production, ALLOW_SANDBOX: 'true' }))).toMatchObject({
      kind: 'sandbox',
      environment: 'LIVE',
    });
    expect(createHostedCheckout(loadConfig(production))).toBeNull();
  });

  it('makes the Paysafe client when its keys are set, which calls Paysafe with them', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const checkout = createHostedCheckout(loadConfig({ ...base, ...paysafe }), agent);
    expect(checkout).toMatchObject({ kind: 'paysafe', environment: 'TEST' });
    agent
      .get('https://api.test.paysafe.com')
      .intercept({
        path: '/paymenthub/v1/payments/pay-1',
        method: 'GET',
        headers: { authorization: `Basic ${Buffer.from('pmle-1001062690:B-qa2-0-private-password').toString('base64')}` },
      })
      .reply(200, { id: 'pay-1', merchantRefNum: 'LC-1', amount: 999, currencyCode: 'USD', status: 'COMPLETED' });
    expect(checkout?.kind === 'paysafe' && (await checkout.fetchPayment('pay-1')).state).toBe('SUCCEEDED');
    agent.assertNoPendingInterceptors();
    await agent.close();
  });

  it('uses Paysafe in production, LIVE by default, even where the card processor has no adapter', () => {
    const cards = createCardProcessor(loadConfig({ ...production, ...paysafe }), silent);
    expect(cards.processor).toBeNull();
    expect(cards.checkout).toMatchObject({ kind: 'paysafe', environment: 'LIVE' });
    expect(createCardProcessor(loadConfig(base), silent).checkout?.kind).toBe('sandbox');
  });

  it('reads the webhook key from its base64', () => {
    const key = Buffer.from('a webhook key of thirty-two bytes');
    const checkout = createHostedCheckout(loadConfig({ ...base, ...paysafe, PAYSAFE_WEBHOOK_HMAC_KEY: key.toString('base64') }));
    const body = JSON.stringify({ eventName: 'PAYMENT_HANDLE_PAYABLE', resourceId: 'r', eventDate: '2026-01-01T00:00:00Z', mode: 'test' });
    const signature = createHmac('sha256', key).update(body).digest('base64');
    expect(checkout?.kind === 'paysafe' && checkout.verifyWebhook({ signature }, body, new Date('2026-01-01T00:01:00Z')).eventName).toBe(
      'PAYMENT_HANDLE_PAYABLE',
    );
  });
});

describe("Paysafe's configuration", () => {
  it('refuses to start half-configured, naming what is missing', () => {
    const half = () => loadConfig({ ...base, PAYSAFE_API_KEY_USERNAME: paysafe.PAYSAFE_API_KEY_USERNAME });
    expect(half).toThrowError(ConfigError);
    expect(half).toThrowError(/PAYSAFE_API_KEY_PASSWORD: is required with PAYSAFE_API_KEY_USERNAME/);
    expect(half).toThrowError(/PAYSAFE_PUBLIC_API_KEY: is required with PAYSAFE_API_KEY_USERNAME/);
    expect(() => loadConfig({ ...production, PAYSAFE_WEBHOOK_HMAC_KEY: Buffer.from('k'.repeat(32)).toString('base64') })).toThrowError(
      /PAYSAFE_WEBHOOK_HMAC_KEY: needs PAYSAFE_API_KEY_USERNAME/,
    );
    expect(() => loadConfig({ ...base, ...paysafe, PAYSAFE_PUBLIC_API_KEY: 'no-password' })).toThrowError(
      /PAYSAFE_PUBLIC_API_KEY: must be the public key as user name:password/,
    );
    expect(() => loadConfig({ ...base, ...paysafe, PAYSAFE_WEBHOOK_HMAC_KEY: 'not base64!' })).toThrowError(
      /PAYSAFE_WEBHOOK_HMAC_KEY: must be base64/,
    );
  });

  it('takes no TEST payments on a production site unless it is a staging site, and never shows a key in its refusals', () => {
    const attempt = () => loadConfig({ ...production, ...paysafe, PAYSAFE_ENVIRONMENT: 'TEST' });
    expect(attempt).toThrowError(/PAYSAFE_ENVIRONMENT: TEST moves no money/);
    expect(
      createHostedCheckout(loadConfig({ ...production, ...paysafe, PAYSAFE_ENVIRONMENT: 'TEST', ALLOW_SANDBOX: 'true' })),
    ).toMatchObject({
      kind: 'paysafe',
      environment: 'TEST',
    });
    expect(createHostedCheckout(loadConfig({ ...production, ...paysafe, PAYSAFE_ENVIRONMENT: 'LIVE' }))?.environment).toBe('LIVE');
    const refusals = [attempt, () => loadConfig({ ...base, PAYSAFE_API_KEY_PASSWORD: paysafe.PAYSAFE_API_KEY_PASSWORD })].map((run) => {
      try {
        run();
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    });
    for (const message of refusals) {
      expect(message).toMatch(/^Invalid configuration/);
      for (const secret of Object.values(paysafe)) expect(message).not.toContain(secret);
    }
  });
});
