import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { nationalDigits, OTP_LENGTH, PHONE_COUNTRY_CODE } from '@casino/contracts/kyc';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { phoneOtpChallenges, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { AttemptCounters } from '../auth/attempt-counters.js';
import { SmsDeliveryError, type SmsSender } from '../../providers/sms/sms-sender.js';
import { uniqueViolationConstraint } from '../../db/errors.js';

/** Phone one-time code rules; GET /kyc/get-kyc-setting tells the web app. */
export const PHONE_OTP_RULES = {
  /** A code is valid this long after it was sent. */
  expirySeconds: 10 * 60,
  /** A new code can be asked for this long after the last one. */
  resendSeconds: 60,
  /** Wrong codes allowed per code: then the code is spent, the right one refused too. */
  maxAttempts: 5,
  /** Codes sent per player in a day (a 6-digit code, 5 guesses each: at most 50 guesses a day). */
  maxSendsPerDay: 10,
} as const;

export interface PhoneService {
  /** POST /user/phone: sends a new code to the number (national digits in `phone`). */
  sendOtp(userId: number, phone: string): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }>;
  /** POST /user/phoneVerify: checks the code and marks the number verified for this player. */
  verifyOtp(userId: number, phone: string, otp: string): Promise<{ phone: string }>;
}

const e164 = (digits: string) => `+${PHONE_COUNTRY_CODE}${digits}`;

export function createPhoneService(deps: {
  db: Database;
  sms: SmsSender | null;
  counters: AttemptCounters;
  /** Keys the HMAC of the stored codes: a stolen table alone does not give the codes away. */
  codeSecret: string;
}): PhoneService {
  const { db, sms, counters } = deps;
  const key = createHmac('sha256', deps.codeSecret).update('phone-otp').digest();

  /** HMAC bound to the player and the number: a code is good only for the pair it was sent for. */
  const codeHash = (userId: number, phone: string, code: string) =>
    createHmac('sha256', key).update(`${userId}:${phone}:${code}`).digest('base64url');

  const verifiedByOther = async (executor: Pick<Database, 'select'>, userId: number, phone: string) => {
    const [row] = await executor
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), eq(users.phoneVerified, true), ne(users.id, userId)))
      .limit(1);
    return row !== undefined;
  };

  return {
    async sendOtp(userId, input) {
      const phone = nationalDigits(input);
      if (!sms) throw new AppError('ServiceUnavailable');
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      const hash = codeHash(userId, phone, code);

      // The day's count is taken first (its own statement: PGlite has one connection) and given
      // back when no code goes out.
      const sendKey = `phone-otp-send:${userId}`;
      const taken = await counters.take(sendKey, { limit: PHONE_OTP_RULES.maxSendsPerDay, windowSeconds: 24 * 60 * 60 });
      if (!taken.allowed) {
        throw new AppError('TooManyRequests', 'You have requested too many OTPs today. Please try again tomorrow.', {
          retryAfterSeconds: taken.retryAfterSeconds,
        });
      }
      await db
        .transaction(async (tx) => {
          // The player's row lock orders two simultaneous requests of one player (resend delay).
          const [user] = await tx.select({ phoneVerified: users.phoneVerified }).from(users).where(eq(users.id, userId)).for('update');
          if (!user) throw new AppError('SessionInvalid');
          if (user.phoneVerified) throw new AppError('PhoneAlreadyVerified');
          if (await verifiedByOther(tx, userId, phone)) throw new AppError('PhoneAlreadyInUse');
          const [open] = await tx
            .select({
              wait: sql<number>`ceil(extract(epoch from (${phoneOtpChallenges.sentAt} + ${PHONE_OTP_RULES.resendSeconds}::int * interval '1 second' - now())))::int`,
            })
            .from(phoneOtpChallenges)
            .where(eq(phoneOtpChallenges.userId, userId));
          if (open && open.wait > 0) {
            throw new AppError('PhoneOtpResendTooSoon', `Please wait ${open.wait} seconds before requesting a new OTP.`, {
              retryAfterSeconds: open.wait,
            });
          }
          const expiresAt = sql`now() + ${PHONE_OTP_RULES.expirySeconds}::int * interval '1 second'`;
          // A new code replaces the open one: its wrong guesses and the old code are gone.
          await tx
            .insert(phoneOtpChallenges)
            .values({ userId, phone, codeHash: hash, failedAttempts: 0, sentAt: sql`now()`, expiresAt })
            .onConflictDoUpdate({
              target: phoneOtpChallenges.userId,
              set: { phone, codeHash: hash, failedAttempts: 0, sentAt: sql`now()`, expiresAt },
            });
        })
        .catch(async (error: unknown) => {
          await counters.giveBack(sendKey);
          throw error;
        });

      try {
        await sms.send({ to: e164(phone), body: `Your Lucky Crown verification code is ${code}. It expires in 10 minutes.` });
      } catch (error) {
        // Nothing was sent: the code is dropped so that the resend delay does not hold the player.
        await db.delete(phoneOtpChallenges).where(and(eq(phoneOtpChallenges.userId, userId), eq(phoneOtpChallenges.codeHash, hash)));
        await counters.giveBack(sendKey);
        if (error instanceof SmsDeliveryError) throw new AppError('SmsDeliveryFailed');
        throw error;
      }
      return { resendAfterSeconds: PHONE_OTP_RULES.resendSeconds, expiresInSeconds: PHONE_OTP_RULES.expirySeconds };
    },

    async verifyOtp(userId, input, otp) {
      const phone = nationalDigits(input);
      let outcome: { refused: AppError } | { verified: true };
      try {
        outcome = await db.transaction(async (tx) => {
          // The challenge's row lock: simultaneous guesses are counted one after the other.
          const [challenge] = await tx
            .select({
              phone: phoneOtpChallenges.phone,
              codeHash: phoneOtpChallenges.codeHash,
              failedAttempts: phoneOtpChallenges.failedAttempts,
              expired: sql<boolean>`${phoneOtpChallenges.expiresAt} <= now()`,
            })
            .from(phoneOtpChallenges)
            .where(eq(phoneOtpChallenges.userId, userId))
            .for('update');
          if (!challenge || challenge.phone !== phone) return { refused: new AppError('PhoneOtpNotRequested') };
          if (challenge.failedAttempts >= PHONE_OTP_RULES.maxAttempts) return { refused: new AppError('PhoneOtpAttemptsExceeded') };
          if (challenge.expired) return { refused: new AppError('PhoneOtpExpired') };
          const given = Buffer.from(codeHash(userId, phone, otp));
          const expected = Buffer.from(challenge.codeHash);
          if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
            const failed = challenge.failedAttempts + 1;
            await tx.update(phoneOtpChallenges).set({ failedAttempts: failed }).where(eq(phoneOtpChallenges.userId, userId));
            const attemptsLeft = PHONE_OTP_RULES.maxAttempts - failed;
            // Returned, not thrown: the counted guess must commit.
            return {
              refused:
                attemptsLeft > 0
                  ? new AppError('PhoneOtpInvalid', `The OTP is incorrect. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`, {
                      attemptsLeft,
                    })
                  : new AppError('PhoneOtpAttemptsExceeded'),
            };
          }
          if (await verifiedByOther(tx, userId, phone)) return { refused: new AppError('PhoneAlreadyInUse') };
          // The unique index users_verified_phone_key decides between two players verifying at once.
          await tx
            .update(users)
            .set({ phone, phoneVerified: true, updatedAt: sql`now()` })
            .where(eq(users.id, userId));
          await tx.delete(phoneOtpChallenges).where(eq(phoneOtpChallenges.userId, userId));
          return { verified: true as const };
        });
      } catch (error) {
        if (uniqueViolationConstraint(error) === 'users_verified_phone_key') throw new AppError('PhoneAlreadyInUse');
        throw error;
      }
      if ('refused' in outcome) throw outcome.refused;
      return { phone };
    },
  };
}
