import { siteConfigKeys } from '@casino/contracts/site-config';
import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { siteConfig } from '../../db/schema/index.js';

/** Demo site configuration; existing keys are left as the operator set them. */
async function seedSiteConfig(db: DbExecutor): Promise<void> {
  await db
    .insert(siteConfig)
    .values([
      { key: siteConfigKeys.siteName, value: 'Lucky Crown' },
      { key: siteConfigKeys.supportEmail, value: 'support@luckycrown.local' },
      { key: siteConfigKeys.geolocationMode, value: 'sandbox' },
      // US state codes where sweepstakes play is not offered.
      { key: siteConfigKeys.blockedRegions, value: 'ID,MI,NV,WA' },
    ])
    .onConflictDoNothing();
}

/** Demo content of this feature, by version (db/seed.ts): a new version adds rows, never rewrites old ones. */
export const siteConfigSeed: SeedStep = {
  name: 'site-config',
  versions: [
    {
      version: 1,
      description: 'the site configuration keys (site name, support e-mail, geolocation mode, blocked regions)',
      apply: seedSiteConfig,
    },
  ],
};
