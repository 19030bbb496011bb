import type { Config } from './config.js';
import { runSeedSteps, type SeedLog, type SeedResult, type SeedStep } from './db/seed.js';
import type { Database } from './db/client.js';
import { bannersSeed } from './modules/banners/seed.js';
import { bonusSettingsSeed } from './modules/bonus/seed.js';
import { cmsPagesSeed } from './modules/cms/seed.js';
import { gameCatalogueSeed } from './modules/games/seed.js';
import { promotionsSeed } from './modules/promotions/seed.js';
import { spinWheelSeed } from './modules/spin-wheel/seed.js';
import { engagementContentSeed } from './modules/popups/seed.js';
import { siteConfigSeed } from './modules/site-config/seed.js';
import { storeSeed } from './modules/store/seed.js';

/** The demo content's steps, in dependency order. */
export const demoSeedSteps: readonly SeedStep[] = [
  siteConfigSeed,
  cmsPagesSeed,
  bonusSettingsSeed,
  gameCatalogueSeed,
  bannersSeed,
  storeSeed,
  promotionsSeed,
  spinWheelSeed,
  engagementContentSeed,
];

/** The seed step of main.ts and the test harness: demo content, unless this is production without SEED_DEMO. */
export async function seedDemoContent(db: Database, config: Pick<Config, 'seedDemo'>, log?: SeedLog): Promise<SeedResult> {
  if (!config.seedDemo) {
    log?.info({}, 'seed: no demo content in production (set SEED_DEMO=true to write it)');
    return { applied: [], skipped: 'production' };
  }
  return runSeedSteps(db, demoSeedSteps, log);
}
