import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Mailer, OutgoingMail } from '../../providers/mail/mailer.js';
import { mayReceiveMarketingMail, type MarketingMailVerdict } from './may-receive-marketing-mail.js';

/**
 * The one way to send a marketing e-mail: only to a player the rule allows
 * (may-receive-marketing-mail.ts). Account mail (verification, password reset, the player mails of
 * modules/mail) is not marketing and does not come here. Every marketing sender (promotions, VIP
 * offers, newsletters) must call this instead of `mailer.send`.
 */
export type MarketingMailOutcome = 'sent' | Exclude<MarketingMailVerdict, 'allowed'>;

export async function sendMarketingMail(
  deps: { db: DbExecutor; mailer: Mailer },
  userId: number,
  mail: Omit<OutgoingMail, 'to'>,
): Promise<MarketingMailOutcome> {
  const verdict = await mayReceiveMarketingMail(deps.db, userId);
  if (verdict !== 'allowed') return verdict;
  const [player] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!player) return 'unknown-player';
  await deps.mailer.send({ ...mail, to: player.email });
  return 'sent';
}
