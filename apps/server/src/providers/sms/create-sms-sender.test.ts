import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createSmsSender } from './create-sms-sender.js';

const PRODUCTION = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://casino.example',
  GAME_SERVER_SECRET: 'x'.repeat(40),
  DATA_DIR: 'memory://',
};
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token-0123456789',
  TWILIO_FROM: '+15005550006',
};
/** The sandbox is made without touching the database; Twilio never needs it. */
const db = {} as Database;

describe('the SMS adapter chosen by configuration', () => {
  it('is Twilio when its account, credentials and sender are set, in production too', () => {
    expect(createSmsSender(loadConfig({ DATA_DIR: 'memory://', ...TWILIO }), db)?.kind).toBe('twilio');
    expect(createSmsSender(loadConfig({ ...PRODUCTION, ...TWILIO }), db)?.kind).toBe('twilio');
    const apiKey = {
      TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID,
      TWILIO_API_KEY_SID: `SK${'1'.repeat(32)}`,
      TWILIO_API_KEY_SECRET: 'twilio-api-key-secret-0123',
      TWILIO_MESSAGING_SERVICE_SID: `MG${'2'.repeat(32)}`,
    };
    expect(createSmsSender(loadConfig({ DATA_DIR: 'memory://', ...apiKey }), db)?.kind).toBe('twilio');
  });

  it('is the sandbox otherwise, and none in production unless ALLOW_SANDBOX', () => {
    expect(createSmsSender(loadConfig({ DATA_DIR: 'memory://' }), db)?.kind).toBe('sandbox');
    expect(createSmsSender(loadConfig(PRODUCTION), db)).toBeNull();
    expect(createSmsSender(loadConfig({ ...PRODUCTION, ALLOW_SANDBOX: 'true' }), db)?.kind).toBe('sandbox');
  });

  it('refuses to start with half of Twilio’s variables, naming what is missing and no value', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...PRODUCTION, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return 'started';
    };
    expect(refusal({ TWILIO_AUTH_TOKEN: TWILIO.TWILIO_AUTH_TOKEN, TWILIO_FROM: '+15005550006' })).toContain(
      'TWILIO_ACCOUNT_SID: is required with the other TWILIO_ variables',
    );
    expect(refusal({ TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID, TWILIO_FROM: '+15005550006' })).toContain('TWILIO_AUTH_TOKEN: set it');
    expect(refusal({ ...TWILIO, TWILIO_API_KEY_SID: `SK${'1'.repeat(32)}` })).toContain('TWILIO_AUTH_TOKEN: set it');
    expect(
      refusal({ TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID: `SK${'1'.repeat(32)}`, TWILIO_FROM: '+1' }),
    ).toContain('TWILIO_API_KEY_SECRET: is required');
    const noSender = refusal({ TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: TWILIO.TWILIO_AUTH_TOKEN });
    expect(noSender).toContain('TWILIO_FROM: set it or TWILIO_MESSAGING_SERVICE_SID');
    expect(noSender).not.toContain(TWILIO.TWILIO_AUTH_TOKEN);
    expect(refusal({ ...TWILIO, TWILIO_ACCOUNT_SID: 'AC-not-a-sid' })).toContain('TWILIO_ACCOUNT_SID: must be an account SID');
  });
});
