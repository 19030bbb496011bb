import type { Database } from './client.js';
import { seedBanners } from '../modules/banners/seed.js';
import { seedBonusSettings } from '../modules/bonus/seed.js';
import { seedCmsPages } from '../modules/cms/seed.js';
import { seedGameCatalogue } from '../modules/games/seed.js';
import { seedSiteConfig } from '../modules/site-config/seed.js';
import { seedPackages } from '../modules/store/seed.js';

/**
 * Demo content for a fresh database. Every step is idempotent (insert ... on conflict do
 * nothing), so it runs at every start and fills in only what is missing.
 */
export async function seedDemoContent(db: Database): Promise<void> {
  await seedSiteConfig(db);
  await seedCmsPages(db);
  await seedBonusSettings(db);
  await seedGameCatalogue(db);
  await seedBanners(db);
  await seedPackages(db);
}
