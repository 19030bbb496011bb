import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('runs with nothing set: embedded database, port 3000, sandbox services', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.GOOGLE_SIGN_IN).toBe('sandbox');
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://nope' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT: must be a port number from 0 to 65535');
      expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    }
  });

  it('requires a game server secret and a public URL in production', () => {
    expect(() => loadConfig({ APP_ENV: 'production', PUBLIC_URL: 'https://casino.example' })).toThrowError(/GAME_SERVER_SECRET/);
    expect(() => loadConfig({ APP_ENV: 'production', GAME_SERVER_SECRET: 'x'.repeat(40) })).toThrowError(/PUBLIC_URL/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });
});
