import type { ReferralHoldReason } from '@casino/contracts/admin-referrals';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client.js';
import { paymentIntents, sessions, users } from '../../db/schema/index.js';
import { normalisedEmail } from '../../lib/normalised-email.js';

/**
 * Referrer and friend must look like two people
 * (docs/decisions/056-referral-rewards-held-for-review.md). A friend who shares with the referrer
 * any of these is, for the reward, possibly the referrer again, and the reward is held for an
 * operator instead of paid:
 * - same_email: one mailbox (the e-mail normalised: case, plus-tags, Gmail's dots);
 * - same_phone: one phone number (its digits);
 * - same_card: a card both paid with (the processor's fingerprint of the card number);
 * - same_identity: the name and date of birth identity verification checks, all three the same;
 * - same_device: the friend signed up from an address and browser the referrer signed up or
 *   signed in from (an address alone is a household or an office, a browser alone is millions).
 * Each signal compares the two accounts only: their rows by primary key, the referrer's sessions
 * and both players' purchases through their player-id indexes, never a scan of other players.
 */
export type SamePersonSignal = Exclude<ReferralHoldReason, 'daily_cap'>;

type Person = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'emailNormalised' | 'phone' | 'firstName' | 'lastName' | 'dateOfBirth' | 'signUpIp' | 'signUpUserAgent'
>;

/** Accounts made before the mailbox was recorded at sign-up get it from their address now. */
const mailboxOf = (person: Person) => person.emailNormalised ?? normalisedEmail(person.email);

/** The phone's digits, without the US country code: '+1 (555) 012-3456' and '5550123456' are one phone. */
function phoneOf(person: Person): string | null {
  const digits = (person.phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length > 0 ? national : null;
}

function identityOf(person: Person): string | null {
  const first = person.firstName?.trim().toLowerCase();
  const last = person.lastName?.trim().toLowerCase();
  if (!first || !last || !person.dateOfBirth) return null;
  return JSON.stringify([first, last, person.dateOfBirth]);
}

async function shareACard(executor: DbExecutor, referrerUserId: number, friendUserId: number): Promise<boolean> {
  const referrers = alias(paymentIntents, 'referrer_intents');
  const [row] = await executor
    .select({ one: sql<number>`1` })
    .from(paymentIntents)
    .innerJoin(referrers, and(eq(referrers.cardFingerprint, paymentIntents.cardFingerprint), eq(referrers.userId, referrerUserId)))
    .where(and(eq(paymentIntents.userId, friendUserId), isNotNull(paymentIntents.cardFingerprint)))
    .limit(1);
  return row !== undefined;
}

async function signedUpOnReferrersDevice(executor: DbExecutor, referrer: Person, friend: Person): Promise<boolean> {
  if (!friend.signUpIp || !friend.signUpUserAgent) return false;
  if (referrer.signUpIp === friend.signUpIp && referrer.signUpUserAgent === friend.signUpUserAgent) return true;
  const [session] = await executor
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, referrer.id), eq(sessions.ip, friend.signUpIp), eq(sessions.userAgent, friend.signUpUserAgent)))
    .limit(1);
  return session !== undefined;
}

/** What makes the friend look like the referrer, in a fixed order; empty for two people. */
export async function samePersonSignals(executor: DbExecutor, referrerUserId: number, friendUserId: number): Promise<SamePersonSignal[]> {
  const people = await executor
    .select({
      id: users.id,
      email: users.email,
      emailNormalised: users.emailNormalised,
      phone: users.phone,
      firstName: users.firstName,
      lastName: users.lastName,
      dateOfBirth: users.dateOfBirth,
      signUpIp: users.signUpIp,
      signUpUserAgent: users.signUpUserAgent,
    })
    .from(users)
    .where(inArray(users.id, [referrerUserId, friendUserId]));
  const referrer = people.find((person) => person.id === referrerUserId);
  const friend = people.find((person) => person.id === friendUserId);
  if (!referrer || !friend) return [];
  const signals: SamePersonSignal[] = [];
  if (mailboxOf(referrer) === mailboxOf(friend)) signals.push('same_email');
  const phone = phoneOf(referrer);
  if (phone !== null && phone === phoneOf(friend)) signals.push('same_phone');
  if (await shareACard(executor, referrerUserId, friendUserId)) signals.push('same_card');
  const identity = identityOf(referrer);
  if (identity !== null && identity === identityOf(friend)) signals.push('same_identity');
  if (await signedUpOnReferrersDevice(executor, referrer, friend)) signals.push('same_device');
  return signals;
}
