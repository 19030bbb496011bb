import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createKycProvider } from './create-kyc-provider.js';

const PRODUCTION = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://casino.example',
  GAME_SERVER_SECRET: 'x'.repeat(40),
  DATA_DIR: 'memory://',
};
const PERSONA = {
  PERSONA_API_KEY: 'persona_production_key',
  PERSONA_INQUIRY_TEMPLATE_ID: 'itmpl_ABC123',
  PERSONA_WEBHOOK_SECRET: 'wbhsec_abc',
};
const log = { warn: () => undefined };

describe('the KYC vendor chosen by configuration', () => {
  it('is Persona when its API key, template and webhook secret are set, in production too, with no sandbox pages', () => {
    for (const env of [
      { DATA_DIR: 'memory://', ...PERSONA },
      { ...PRODUCTION, ...PERSONA },
    ]) {
      const { provider, sandbox } = createKycProvider(loadConfig(env), log);
      expect(provider).toMatchObject({ kind: 'persona', name: 'persona' });
      expect(sandbox).toBeNull();
    }
  });

  it('is the hosted sandbox otherwise, and none in production unless ALLOW_SANDBOX', () => {
    const development = createKycProvider(loadConfig({ DATA_DIR: 'memory://' }), log);
    expect(development.provider?.kind).toBe('sandbox');
    expect(development.sandbox).toBe(development.provider);
    expect(createKycProvider(loadConfig(PRODUCTION), log)).toEqual({ provider: null, sandbox: null });
    expect(createKycProvider(loadConfig({ ...PRODUCTION, ALLOW_SANDBOX: 'true' }), log).provider?.kind).toBe('sandbox');
  });

  it('refuses to start with half of Persona’s variables, naming what is missing and no value', () => {
    const start = () =>
      loadConfig({ ...PRODUCTION, PERSONA_API_KEY: PERSONA.PERSONA_API_KEY, PERSONA_WEBHOOK_SECRET: PERSONA.PERSONA_WEBHOOK_SECRET });
    expect(start).toThrowError('PERSONA_INQUIRY_TEMPLATE_ID: is required with PERSONA_API_KEY, PERSONA_WEBHOOK_SECRET');
    expect(start).not.toThrowError(PERSONA.PERSONA_API_KEY);
    expect(() => loadConfig({ ...PRODUCTION, ...PERSONA, PERSONA_INQUIRY_TEMPLATE_ID: 'ABC123' })).toThrowError(
      'PERSONA_INQUIRY_TEMPLATE_ID: must be an inquiry template id',
    );
  });
});
