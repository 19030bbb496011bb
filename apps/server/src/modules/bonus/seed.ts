import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { bonusSettings } from '../../db/schema/index.js';

/**
 * Demo bonus amounts in hundredths; an operator's later change is kept (on conflict do nothing).
 * Welcome: 10,000 GC and 2.00 SC; daily: 1,000 GC and 0.50 SC.
 */
async function seedBonusSettings(db: DbExecutor): Promise<void> {
  await db
    .insert(bonusSettings)
    .values([
      { bonusType: 'welcome', gcAmount: 1_000_000, scAmount: 200, isActive: true },
      { bonusType: 'daily', gcAmount: 100_000, scAmount: 50, isActive: true },
    ])
    .onConflictDoNothing();
}

/** Demo content of this feature, by version (db/seed.ts): a new version adds rows, never rewrites old ones. */
export const bonusSettingsSeed: SeedStep = {
  name: 'bonus-settings',
  versions: [{ version: 1, description: 'welcome and daily bonus amounts', apply: seedBonusSettings }],
};
