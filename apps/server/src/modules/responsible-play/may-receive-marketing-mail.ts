import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { activeExclusion } from '../../kernel/responsible-play/enforcement.js';

/**
 * Who may receive a marketing e-mail (offers, promotions, VIP news, newsletters): a player who
 * accepted marketing and is on no time break and no self-exclusion at that moment
 * (docs/decisions/062-player-mails.md). The one statement of the rule: every marketing send asks
 * it (send-marketing-mail.ts). Account mail (receipts, redemptions, security notices, the
 * confirmation of the exclusion itself) is not marketing and does not ask it.
 */
export type MarketingMailVerdict = 'allowed' | 'no-consent' | 'excluded' | 'unknown-player';

export async function mayReceiveMarketingMail(db: DbExecutor, userId: number, now = new Date()): Promise<MarketingMailVerdict> {
  const [player] = await db.select({ marketingConsent: users.marketingConsent }).from(users).where(eq(users.id, userId));
  if (!player) return 'unknown-player';
  if (await activeExclusion(db, userId, now)) return 'excluded';
  if (!player.marketingConsent) return 'no-consent';
  return 'allowed';
}
