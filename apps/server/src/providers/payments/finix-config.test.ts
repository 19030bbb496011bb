import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { TEST_FINIX_SETTINGS, TEST_FINIX_WEBHOOK_SECRET } from './finix-test-support.js';

const credentials = {
  FINIX_API_USERNAME: TEST_FINIX_SETTINGS.username,
  FINIX_API_PASSWORD: TEST_FINIX_SETTINGS.password,
  FINIX_MERCHANT_ID: TEST_FINIX_SETTINGS.merchantId,
  FINIX_APPLICATION_ID: TEST_FINIX_SETTINGS.applicationId,
};
const production = { APP_ENV: 'production', GAME_SERVER_SECRET: 'g'.repeat(40), PUBLIC_URL: 'https://casino.example' };
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env });
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return expect.fail('the configuration was accepted');
};

describe("Finix's configuration", () => {
  it('reads the four credentials, the webhook secret and the environment (sandbox by default)', () => {
    expect(load({}).finix).toBeNull();
    expect(load({ ...credentials, FINIX_WEBHOOK_SECRET: TEST_FINIX_WEBHOOK_SECRET }).finix).toEqual({
      username: TEST_FINIX_SETTINGS.username,
      password: TEST_FINIX_SETTINGS.password,
      merchantId: TEST_FINIX_SETTINGS.merchantId,
      applicationId: TEST_FINIX_SETTINGS.applicationId,
      environment: 'sandbox',
      threeDSecure: 'off',
    });
    expect(load({ ...credentials, FINIX_WEBHOOK_SECRET: TEST_FINIX_WEBHOOK_SECRET, FINIX_ENVIRONMENT: 'live' }).finix?.environment).toBe(
      'live',
    );
    expect(refusal({ FINIX_ENVIRONMENT: 'production' })).toContain('FINIX_ENVIRONMENT');
  });

  it('refuses to start half-configured, naming what is missing and never showing a secret', () => {
    const { FINIX_API_PASSWORD: _password, ...withoutPassword } = credentials;
    const missing = refusal({ ...withoutPassword, FINIX_WEBHOOK_SECRET: TEST_FINIX_WEBHOOK_SECRET });
    expect(missing).toBe(
      'Invalid configuration:\n  FINIX_API_PASSWORD: required with the other FINIX_API_* variables (Finix needs all four)',
    );

    const noSecret = refusal({ ...production, ...credentials, FINIX_ENVIRONMENT: 'live' });
    expect(noSecret).toContain("FINIX_WEBHOOK_SECRET: required with Finix's credentials");
    for (const message of [missing, noSecret]) {
      expect(message).not.toContain(TEST_FINIX_SETTINGS.password);
      expect(message).not.toContain(TEST_FINIX_SETTINGS.username);
    }
  });

  it('reads FINIX_THREE_D_SECURE (off by default), and wants an https PUBLIC_URL for Finix to return the buyer to', () => {
    const env = { ...credentials, FINIX_WEBHOOK_SECRET: TEST_FINIX_WEBHOOK_SECRET };
    expect(load(env).finix?.threeDSecure).toBe('off');
    expect(load({ ...env, FINIX_THREE_D_SECURE: 'always', PUBLIC_URL: 'https://casino.example' }).finix?.threeDSecure).toBe('always');
    expect(load({ ...env, FINIX_THREE_D_SECURE: 'required', PUBLIC_URL: 'https://casino.example' }).finix?.threeDSecure).toBe('required');
    expect(refusal({ ...env, FINIX_THREE_D_SECURE: 'always' })).toBe(
      'Invalid configuration:\n  FINIX_THREE_D_SECURE: needs an https:// PUBLIC_URL (Finix returns the buyer there)',
    );
    expect(refusal({ ...env, FINIX_THREE_D_SECURE: 'always', PUBLIC_URL: 'http://casino.example' })).toContain('FINIX_THREE_D_SECURE');
    expect(refusal({ ...env, FINIX_THREE_D_SECURE: 'sometimes' })).toContain('FINIX_THREE_D_SECURE');
  });

  it("refuses Finix's sandbox in production unless ALLOW_SANDBOX says it is a staging site", () => {
    const env = { ...production, ...credentials, FINIX_WEBHOOK_SECRET: TEST_FINIX_WEBHOOK_SECRET };
    expect(refusal(env)).toContain('FINIX_ENVIRONMENT: must be live when APP_ENV=production');
    expect(load({ ...env, ALLOW_SANDBOX: 'true' }).finix?.environment).toBe('sandbox');
    expect(load({ ...env, FINIX_ENVIRONMENT: 'live' }).finix?.environment).toBe('live');
  });
});
