import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Mailer, OutgoingMail } from '../../providers/mail/mailer.js';
import { activeExclusion } from '../../kernel/responsible-play/enforcement.js';

/**
 * The one way to send a marketing e-mail (issue 14 point 3): only to a player who accepted
 * marketing and is not on a time break or self-excluded. Account mail (verification, password
 * reset) is not marketing and goes straight through the mailer. Every marketing sender (promotions,
 * VIP offers, newsletters) must call this instead of `mailer.send`.
 */
export type MarketingMailOutcome = 'sent' | 'no-consent' | 'excluded' | 'unknown-player';

export async function sendMarketingMail(
  deps: { db: DbExecutor; mailer: Mailer },
  userId: number,
  mail: Omit<OutgoingMail, 'to'>,
): Promise<MarketingMailOutcome> {
  const [player] = await deps.db
    .select({ email: users.email, marketingConsent: users.marketingConsent })
    .from(users)
    .where(eq(users.id, userId));
  if (!player) return 'unknown-player';
  if (!player.marketingConsent) return 'no-consent';
  if (await activeExclusion(deps.db, userId)) return 'excluded';
  await deps.mailer.send({ ...mail, to: player.email });
  return 'sent';
}
