import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { insertBanners } from '../modules/banners/seed.js';
import { testConfig } from '../test/harness.js';
import { openScratchDatabase } from '../test/scratch-database.js';
import type { DatabaseHandle } from './client.js';
import { banners, casinoGames, casinoSubCategoryGames, seedVersions } from './schema/index.js';
import { demoSeedSteps, seedDemoContent } from '../demo-content.js';
import { runSeedSteps, type SeedStep, type SeedVersion } from './seed.js';

/**
 * Seed once (docs/decisions/008): demo content goes into an empty database, a restart writes
 * nothing, and a newer version adds its content without undoing what an operator changed. Each
 * test starts the way a server process does: migrations done, then the seed step.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openScratchDatabase('seed_test');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const FIRST_GAME = 'jade-dragon';

async function gameName(identifier: string): Promise<string | undefined> {
  const [row] = await database.db.select({ name: casinoGames.name }).from(casinoGames).where(eq(casinoGames.identifier, identifier));
  return row?.name;
}

async function banner(slug: string) {
  const [row] = await database.db.select().from(banners).where(eq(banners.slug, slug));
  return row;
}

async function recordedVersions(): Promise<Record<string, number>> {
  const rows = await database.db.select().from(seedVersions).orderBy(asc(seedVersions.step));
  return Object.fromEntries(rows.map((row) => [row.step, row.version]));
}

/** The banners step with extra versions, as a later release of the code would define it. */
function withBannerVersions(...extra: SeedVersion[]): SeedStep[] {
  return demoSeedSteps.map((step) => (step.name === 'banners' ? { ...step, versions: [...step.versions, ...extra] } : step));
}

const springBanner: SeedVersion = {
  version: 3,
  description: 'a spring promotion banner',
  apply: (db) =>
    insertBanners(
      db,
      [
        {
          slug: 'spring-promo',
          pageName: 'lobbySlider',
          visibility: 1,
          title: 'Spring Spins',
          subtitle: 'New this season',
          redirectUrl: null,
          theme: { from: '#047857', to: '#0d0a26', accent: '#2ee59d', emblem: '*' },
        },
        // Already seeded by version 1 (and edited by the operator): not touched.
        {
          slug: 'join-now',
          pageName: 'lobbySlider',
          visibility: 0,
          title: 'Join Lucky Crown',
          subtitle: '',
          redirectUrl: '/register',
          theme: { from: '#5b21b6', to: '#1d1250', accent: '#ffe08a', emblem: '*' },
        },
      ],
      500,
    ),
};

describe('the demo seed step', () => {
  it('writes nothing in production unless SEED_DEMO=true', async () => {
    const production = { APP_ENV: 'production', PUBLIC_URL: 'https://casino.example', GAME_SERVER_SECRET: 'x'.repeat(40) };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);

    expect(await seedDemoContent(database.db, loadConfig(production))).toEqual({ applied: [], skipped: 'production' });
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(casinoGames)).toEqual([{ n: 0 }]);
    expect(await recordedVersions()).toEqual({});
  });

  it('fills an empty database with every step and records each version', async () => {
    const result = await seedDemoContent(database.db, testConfig());
    expect(result.applied).toEqual([
      'site-config@1',
      'cms-pages@1',
      'bonus-settings@1',
      'game-catalogue@1',
      'banners@1',
      'banners@2',
      'store@1',
      'store@2',
      'promotions@1',
      'spin-wheel@1',
      'engagement-content@1',
    ]);
    expect(await recordedVersions()).toEqual({
      'site-config': 1,
      'cms-pages': 1,
      'bonus-settings': 1,
      'game-catalogue': 1,
      banners: 2,
      store: 2,
      promotions: 1,
      'spin-wheel': 1,
      'engagement-content': 1,
    });
    expect(await gameName(FIRST_GAME)).toBe('Jade Dragon');
    expect(await banner('no-purchase')).toBeDefined();
  });

  it("keeps an operator's edits and deletions when the server restarts", async () => {
    const db = database.db;
    await db.update(casinoGames).set({ name: 'Jade Dragon (Operator)' }).where(eq(casinoGames.identifier, FIRST_GAME));
    await db.update(banners).set({ title: 'Welcome, from the operator' }).where(eq(banners.slug, 'join-now'));
    await db.delete(banners).where(eq(banners.slug, 'no-purchase'));
    const [game] = await db.select({ id: casinoGames.id }).from(casinoGames).where(eq(casinoGames.identifier, FIRST_GAME));
    await db.delete(casinoSubCategoryGames).where(eq(casinoSubCategoryGames.gameId, game!.id));

    // A restart runs the same seed step again.
    expect((await seedDemoContent(db, testConfig())).applied).toEqual([]);
    expect(await gameName(FIRST_GAME)).toBe('Jade Dragon (Operator)');
    expect((await banner('join-now'))?.title).toBe('Welcome, from the operator');
    expect(await banner('no-purchase')).toBeUndefined();
    expect(await db.select().from(casinoSubCategoryGames).where(eq(casinoSubCategoryGames.gameId, game!.id))).toEqual([]);
  });

  it("adds a newer version's content and keeps the operator's edits, changing a row only when that version says so", async () => {
    const db = database.db;
    expect((await runSeedSteps(db, withBannerVersions(springBanner))).applied).toEqual(['banners@3']);
    expect(await recordedVersions()).toMatchObject({ banners: 3, 'game-catalogue': 1 });
    expect(await banner('spring-promo')).toMatchObject({ title: 'Spring Spins', visibility: 1, orderId: 500 });
    expect((await banner('join-now'))?.title).toBe('Welcome, from the operator');
    expect(await banner('no-purchase')).toBeUndefined();
    expect(await gameName(FIRST_GAME)).toBe('Jade Dragon (Operator)');

    // Restarting on the same code writes nothing more.
    expect((await runSeedSteps(db, withBannerVersions(springBanner))).applied).toEqual([]);

    // A version whose code rewrites a row (say, a corrected title) does so, once.
    const retitle: SeedVersion = {
      version: 4,
      description: 'the join banner names the sign-up offer',
      apply: async (tx) => {
        await tx.update(banners).set({ title: 'Join Lucky Crown: free coins' }).where(eq(banners.slug, 'join-now'));
      },
    };
    expect((await runSeedSteps(db, withBannerVersions(springBanner, retitle))).applied).toEqual(['banners@4']);
    expect((await banner('join-now'))?.title).toBe('Join Lucky Crown: free coins');
    expect((await banner('spring-promo'))?.title).toBe('Spring Spins');
  });
});
