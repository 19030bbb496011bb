import { siteConfigKeys } from '@casino/contracts/site-config';
import type { Database } from '../../db/client.js';
import { siteConfig } from '../../db/schema/index.js';

/** Demo site configuration; existing keys are left as the operator set them. */
export async function seedSiteConfig(db: Database): Promise<void> {
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
