import type { AdminSiteConfig, ContentVersion } from '@casino/contracts/admin-content';
import { siteConfigKeys } from '@casino/contracts/site-config';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { operatorAuditLog, siteConfig } from '../../db/schema/index.js';
import { testConfig, testServer } from '../../test/harness.js';
import { TestClient } from '../../test/http-client.js';
import { fundPlayer, signedInClient } from '../../test/signed-in.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { createGeolocationModeSetting } from '../../kernel/location-gate/mode.js';
import { signedInOperator } from './test-support.js';

/**
 * The location gate's mode in the site configuration: a compliance or admin
 * operator switches enforce and monitor; the gate applies it to the next guarded request (from
 * memory), in every process when Redis is there. The shared test server starts in monitor.
 */
type Body = { data?: Record<string, unknown>; errors?: { errorCode: number; description: string }[] };
const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };

const errorOf = (response: { body: unknown }) => (response.body as Body).errors?.[0];
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

const others: FastifyInstance[] = [];
afterAll(async () => {
  // Leave the shared server as found: monitor in memory, no operator setting stored.
  const { client } = await signedInOperator(['admin']);
  const config = dataOf<AdminSiteConfig>(await client.get('/api/admin/content/site-config'));
  if (config.geolocationMode !== 'monitor') {
    await client.put('/api/admin/content/site-config/geolocation-mode', {
      mode: 'monitor',
      version: config.version,
      reason: 'Test cleanup',
    });
  }
  const { database } = await testServer();
  await database.db.delete(siteConfig).where(eq(siteConfig.key, siteConfigKeys.geolocationEnforcement));
  for (const app of others) await app.close();
});

/** A funded player whose latest location check found a blocked state (Washington). */
async function playerInBlockedState() {
  const { client } = await signedInClient('geomode');
  const { userId } = (await client.get<{ data: { userId: number } }>('user/profile')).body.data;
  await fundPlayer(userId, { gc: 1_000_000 });
  const license = await client.get<Body>('details/get-license-string');
  const located = await client.post<Body>('/sandbox/geocomply/locate', {
    license: license.body.data!.license,
    reason: 'LOGIN',
    position: SEATTLE,
  });
  const decision = await client.get<Body>('details/decrypt-geocomply-data', { token: located.body.data!.packet as string });
  expect(decision.body.data).toMatchObject({ allowed: false, errorCode: 605 });
  return client;
}

async function launch(client: TestClient) {
  const game = (await client.get<{ data: { rows: { masterCasinoGameId: number }[] } }>('casino-games', { limit: 1 })).body.data.rows[0]!;
  const response = await client.post<Body>('casino-games/launch-game', {
    coin: 'GC',
    gameId: game.masterCasinoGameId,
    isDemo: false,
    isMobile: false,
  });
  return { status: response.status, errorCode: response.body.errors?.[0]?.errorCode };
}

async function switchMode(client: TestClient, mode: 'enforce' | 'monitor', reason = `Compliance ticket GEO-${mode}`) {
  const { version } = dataOf<AdminSiteConfig>(await client.get('/api/admin/content/site-config'));
  return client.put('/api/admin/content/site-config/geolocation-mode', { mode, version, reason });
}

describe('the location gate mode in the site configuration', () => {
  it('starts at the server setting; enforce refuses a player in a blocked state at once, monitor lets them through again', async () => {
    const { database } = await testServer();
    const { operator, client } = await signedInOperator(['compliance']);
    const before = dataOf<AdminSiteConfig>(await client.get('/api/admin/content/site-config'));
    expect(before).toMatchObject({ geolocationMode: 'monitor', geolocationModeDefault: 'monitor', geolocationModeLocked: false });

    const player = await playerInBlockedState();
    expect(await launch(player)).toEqual({ status: 200, errorCode: undefined });

    const enforced = await switchMode(client, 'enforce');
    expect(enforced.status, JSON.stringify(enforced.body)).toBe(200);
    expect((enforced.body as { message: string }).message).toBe('Location check mode saved.');
    expect(dataOf<AdminSiteConfig>(enforced)).toMatchObject({ geolocationMode: 'enforce', version: before.version + 1 });
    expect(await launch(player)).toEqual({ status: 451, errorCode: 3761 });
    // The client learns the mode from its license (the Location Issue dialog shows in enforce only).
    expect((await player.get<Body>('details/get-license-string')).body.data!.mode).toBe('enforce');

    const monitored = await switchMode(client, 'monitor');
    expect(monitored.status).toBe(200);
    expect(await launch(player)).toEqual({ status: 200, errorCode: undefined });

    const versions = dataOf<{ rows: ContentVersion[] }>(await client.get('/api/admin/content/site-config/versions')).rows;
    expect(versions.slice(0, 2)).toMatchObject([
      {
        version: before.version + 2,
        before: { geolocationMode: 'enforce' },
        after: { geolocationMode: 'monitor' },
        reason: 'Compliance ticket GEO-monitor',
      },
      { version: before.version + 1, before: { geolocationMode: 'monitor' }, after: { geolocationMode: 'enforce' } },
    ]);
    const audit = await database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'content.site_config.geolocation_mode'), eq(operatorAuditLog.operatorId, operator.operatorId)))
      .orderBy(asc(operatorAuditLog.id));
    expect(audit.map((row) => (row.after as { geolocationMode: string }).geolocationMode)).toEqual(['enforce', 'monitor']);
  });

  it('is refused to the content, support and payments roles, and to a change made on an old version', async () => {
    const { client: admin } = await signedInOperator(['admin']);
    const before = dataOf<AdminSiteConfig>(await admin.get('/api/admin/content/site-config'));
    for (const role of ['content', 'support', 'payments'] as const) {
      const { client } = await signedInOperator([role]);
      const response = await client.put('/api/admin/content/site-config/geolocation-mode', {
        mode: 'enforce',
        version: before.version,
        reason: 'Not my call to make',
      });
      expect(response.status, role).toBe(403);
      expect(errorOf(response)?.errorCode).toBe(3003);
    }
    const stale = await admin.put('/api/admin/content/site-config/geolocation-mode', {
      mode: 'enforce',
      version: before.version - 1,
      reason: 'From an old page',
    });
    expect(errorOf(stale)?.errorCode).toBe(3851);
    expect(dataOf<AdminSiteConfig>(await admin.get('/api/admin/content/site-config'))).toMatchObject({
      geolocationMode: 'monitor',
      version: before.version,
    });
  });

  it.skipIf(!process.env.REDIS_URL)('reaches another server process through Redis without a restart', async () => {
    const { database } = await testServer();
    const otherConfig = testConfig();
    const other = await buildApp({ config: otherConfig, database, background: false });
    others.push(other);
    const otherUrl = await other.listen({ host: '127.0.0.1', port: 0 });
    // Origin checks compare with the public address.
    otherConfig.publicUrl = otherUrl;
    const player = await playerInBlockedState();
    const onOther = new TestClient(otherUrl);
    onOther.setCookie(SESSION_COOKIE, player.cookie(SESSION_COOKIE)!);
    expect(await launch(onOther)).toEqual({ status: 200, errorCode: undefined });

    const { client } = await signedInOperator(['admin']);
    expect((await switchMode(client, 'enforce')).status).toBe(200);
    await expect.poll(async () => (await launch(onOther)).errorCode, { timeout: 3000, interval: 100 }).toBe(3761);
    expect((await switchMode(client, 'monitor')).status).toBe(200);
    await expect.poll(async () => (await launch(onOther)).status, { timeout: 3000, interval: 100 }).toBe(200);
  });

  it('is always enforce in production, whatever is stored', async () => {
    const { database } = await testServer();
    const production = { geolocationMode: 'enforce', isProduction: true } as Config;
    await database.db
      .insert(siteConfig)
      .values({ key: siteConfigKeys.geolocationEnforcement, value: 'monitor' })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value: 'monitor' } });
    try {
      const setting = createGeolocationModeSetting({ db: database.db, config: production });
      await setting.load();
      expect(setting.current()).toBe('enforce');
      const development = createGeolocationModeSetting({
        db: database.db,
        config: { geolocationMode: 'enforce', isProduction: false } as Config,
      });
      await development.load();
      expect(development.current()).toBe('monitor');
    } finally {
      await database.db.delete(siteConfig).where(eq(siteConfig.key, siteConfigKeys.geolocationEnforcement));
    }
  });
});
