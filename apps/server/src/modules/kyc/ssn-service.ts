import { DEFAULT_PRIZE_REPORTING_THRESHOLD, maskedSsn, type SsnOnFile } from '@casino/contracts/ssn';
import { siteConfigKeys } from '@casino/contracts/site-config';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { playerSsns, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { createSealedBox } from '../../lib/secret-box.js';
import type { SiteConfigService } from '../site-config/service.js';

/**
 * The player's social security number (docs/decisions/059-ssn-for-prize-reporting.md). Kept
 * sealed under PERSONAL_DATA_KEY and bound to the player, beside its last four digits: nothing
 * the product answers ever holds more than those four. A new number replaces the one on file.
 */
export interface SsnService {
  /** POST /kyc/update-ssn: `ssn` is the contract's nine digits. */
  update(userId: number, ssn: string): Promise<SsnOnFile>;
  /** What is shown of the number on file, or null. */
  onFile(userId: number, db?: DbExecutor): Promise<SsnOnFile | null>;
}

/** The key derivation's purpose and the authenticated subject of a sealed number. */
export const SSN_SEAL_PURPOSE = 'lucky-crown player social security number';
export const ssnSealSubject = (userId: number) => `player:${userId}`;

export function createSsnService(db: Database, personalDataKey: string): SsnService {
  const box = createSealedBox(personalDataKey, SSN_SEAL_PURPOSE);
  const shown = (lastFour: string): SsnOnFile => ({ ssnLastFour: lastFour, ssnMasked: maskedSsn(lastFour) });
  return {
    async update(userId, ssn) {
      const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!player) throw new AppError('SessionInvalid');
      const values = { ssnSealed: box.seal(ssn, ssnSealSubject(userId)), lastFour: ssn.slice(-4), updatedAt: new Date() };
      await db
        .insert(playerSsns)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: playerSsns.userId, set: values });
      return shown(values.lastFour);
    },

    async onFile(userId, executor = db) {
      const [row] = await executor.select({ lastFour: playerSsns.lastFour }).from(playerSsns).where(eq(playerSsns.userId, userId));
      return row ? shown(row.lastFour) : null;
    },
  };
}

/**
 * The calendar year's prize total from which a redemption needs the number on file, in
 * hundredths: the site configuration's PRIZE_REPORTING_THRESHOLD, or $600.00 when it is absent or
 * not a whole non-negative number.
 */
export async function prizeReportingThreshold(siteConfig: Pick<SiteConfigService, 'get'>): Promise<number> {
  const value = (await siteConfig.get(siteConfigKeys.prizeReportingThreshold))?.trim();
  if (value && /^\d{1,12}$/.test(value)) return Number(value);
  return DEFAULT_PRIZE_REPORTING_THRESHOLD;
}
