import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createCardProcessor } from './create-card-processor.js';
import {
  FINIX_SANDBOX_ORIGIN,
  TEST_FINIX_AUTHORIZATION,
  TEST_FINIX_SETTINGS,
  TEST_FINIX_WEBHOOK_SECRET,
  transferAnswer,
} from './finix-test-support.js';

const log = { warn: () => {} };
const finixEnv = {
  FINIX_API_USERNAME: TEST_FINIX_SETTINGS.username,
  FINIX_API_PASSWORD: TEST_FINIX_SETTINGS.password,
  FINIX_MERCHANT_ID: TEST_FINIX_SETTINGS.merchantId,
  FINIX_APPLICATION_ID: TEST_FINIX_SETTINGS.applicationId,
  FINIX_WEBHOOK_SECRET: TEST_FINIX_WEBHOOK_SECRET,
};
const production = { APP_ENV: 'production', GAME_SERVER_SECRET: 'g'.repeat(40), PUBLIC_URL: 'https://casino.example' };
const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env });

let agent: MockAgent | undefined;
afterEach(async () => {
  agent?.assertNoPendingInterceptors();
  await agent?.close();
  agent = undefined;
});

describe('choosing the card processor', () => {
  it('picks Finix when its credentials are set: its API with them, its card page, its payouts, no sandbox', async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const cards = createCardProcessor(config(finixEnv), log, agent);
    expect(cards.processor?.kind).toBe('finix');
    expect(cards.sandbox).toBeNull();
    expect(cards.cardPayouts).toBe(cards.processor);
    expect(cards.pages).not.toBeNull();
    expect(cards.processor?.cardFormUrl('LC-1')).toBe('/pay/finix/card-form?ref=LC-1');
    agent
      .get(FINIX_SANDBOX_ORIGIN)
      .intercept({ path: '/transfers/TRhw2BGAqyFZcrjTYXq4qTvY', method: 'GET', headers: { authorization: TEST_FINIX_AUTHORIZATION } })
      .reply(200, transferAnswer());
    await expect(cards.processor!.fetchTransfer('TRhw2BGAqyFZcrjTYXq4qTvY')).resolves.toMatchObject({ merchantRefNum: 'LC-0001' });
  });

  it('keeps the sandbox without them, as before', () => {
    const cards = createCardProcessor(config({}), log);
    expect(cards.processor?.kind).toBe('sandbox');
    expect(cards.sandbox).toBe(cards.processor);
    expect(cards.cardPayouts).toBe(cards.sandbox);
    expect(cards.pages).toBeNull();
    expect(cards.processor?.cardFormUrl('LC-1')).toBe('/sandbox/finix/card-form?ref=LC-1');
  });

  it('uses Finix in production, and nothing without it unless ALLOW_SANDBOX', () => {
    const live = createCardProcessor(config({ ...production, ...finixEnv, FINIX_ENVIRONMENT: 'live' }), log);
    expect(live.processor?.kind).toBe('finix');
    // The other vendors' sandboxes stay off in production.
    expect(live.checkout).toBeNull();
    expect(live.shift4).toBeNull();

    const none = createCardProcessor(config(production), log);
    expect(none).toMatchObject({ processor: null, sandbox: null, cardPayouts: null, pages: null, checkout: null, shift4: null });

    const staging = createCardProcessor(config({ ...production, ALLOW_SANDBOX: 'true' }), log);
    expect(staging.processor?.kind).toBe('sandbox');
  });
});
