import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { issueLaunchToken, verifyLaunchToken } from './rgs/launch-token.js';

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
    expect(loadConfig({ DATABASE_URL: '', PORT: '', DATA_DIR: 'memory://' }).DATABASE_URL).toBeUndefined();
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: 'memory://', TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ DATA_DIR: 'memory://', TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrowError(/TRUST_PROXY: must be none, a number of proxy hops/);
  });

  it('serves the API documentation outside production, and in production only when API_DOCS says so', () => {
    const production = { APP_ENV: 'production', PUBLIC_URL: 'https://casino.example', GAME_SERVER_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ DATA_DIR: 'memory://' }).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });
});

describe('the game server secret without GAME_SERVER_SECRET', () => {
  it('is random, never a value written in the source', () => {
    const first = loadConfig({ DATA_DIR: 'memory://' }).gameServerSecret;
    const second = loadConfig({ DATA_DIR: 'memory://' }).gameServerSecret;
    expect(first).not.toBe('development-only-game-server-secret-0123456789');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).not.toBe(first);
  });

  it('is kept in the data folder, readable by the owner only, so launch tokens survive a restart', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-secret-'));
    try {
      const before = loadConfig({ DATA_DIR: dataDir });
      const token = issueLaunchToken(before.gameServerSecret, { userId: 1, sessionId: 1, gameId: 1, identifier: 'x', coin: 'GC' });
      const file = path.join(dataDir, 'game-server-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const afterRestart = loadConfig({ DATA_DIR: dataDir });
      expect(afterRestart.gameServerSecret).toBe(before.gameServerSecret);
      expect(verifyLaunchToken(afterRestart.gameServerSecret, token).ok).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('gives way to GAME_SERVER_SECRET', () => {
    expect(loadConfig({ DATA_DIR: 'memory://', GAME_SERVER_SECRET: 's'.repeat(40) }).gameServerSecret).toBe('s'.repeat(40));
  });
});
