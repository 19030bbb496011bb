import type { OperatorLoginResponse, OperatorSummary } from '@casino/contracts/admin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { operatorLoginChallenges, operators, operatorSessions } from '../../db/schema/admin.js';
import { AppError } from '../../http/errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { AttemptCounters, AttemptRule } from '../auth/attempt-counters.js';
import { verifyAgainstNoAccount, verifyPassword } from '../auth/passwords.js';
import { appendAudit } from './audit.js';
import type { OperatorSessionService } from './operator-sessions.js';
import type { SecretBox } from './secret-box.js';
import { matchingStep, newTotpSecret, otpauthUri, qrDataUrl } from './totp.js';

/**
 * Operator sign-in: the password alone gives no session. A right password
 * opens a short-lived challenge (its token in a cookie of the sign-in path); the challenge is
 * answered with the code of the operator's authenticator, or, the first time, enrols a new one
 * (the secret shown as an otpauth URI and a QR code, kept sealed on the challenge until its first
 * code confirms it). Every code is accepted once (the operator's last step, under its row lock),
 * wrong codes are limited per challenge and per operator, passwords per address and account as
 * players' are (docs/decisions/009). Every sign-in, successful or not, is in the audit trail.
 */
export interface SignInMeta {
  ip: string;
  userAgent?: string | undefined;
}

export interface SignInService {
  login(
    input: { email: string; password: string },
    meta: SignInMeta,
  ): Promise<{ challengeToken: string; expiresAt: Date; response: OperatorLoginResponse }>;
  verifyCode(
    challengeToken: string | undefined,
    code: string,
    meta: SignInMeta,
  ): Promise<{ session: { token: string; expiresAt: Date }; operator: OperatorSummary }>;
  logout(sessionId: number, operator: OperatorSummary, meta: SignInMeta): Promise<void>;
}

const FIFTEEN_MINUTES = 15 * 60;
export const OPERATOR_SIGN_IN_LIMITS = {
  perPair: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  perAddress: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /** From addresses the operator never signed in from: a growing delay, so nobody elsewhere locks them out. */
  perAccount: { limit: 50, windowSeconds: FIFTEEN_MINUTES, delayAfter: 10, maxDelaySeconds: 5 * 60 },
  /** Wrong codes per operator, across challenges. */
  perOperatorCodes: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, AttemptRule>;
/** Wrong codes per challenge before the password must be given again. */
export const CODES_PER_CHALLENGE = 5;
/** Time to type the code (or scan the QR code and type its first code). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function throttled(retryAfterSeconds: number, what: string): AppError {
  return new AppError('TooManyRequests', `Too many ${what}. Please try again in ${waitText(retryAfterSeconds)}.`, { retryAfterSeconds });
}

export function createSignInService(deps: {
  db: Database;
  config: Config;
  counters: AttemptCounters;
  sessions: OperatorSessionService;
  box: SecretBox;
}): SignInService {
  const { db, config, counters, sessions, box } = deps;
  // Read at each enrolment: the public URL names the site the authenticator entry is for.
  const issuer = () => `Lucky Crown ${new URL(config.publicUrl).hostname}`;

  const failure = (
    executor: Parameters<typeof appendAudit>[0],
    operatorId: number | null,
    email: string,
    meta: SignInMeta,
    cause: string,
  ) =>
    appendAudit(executor, {
      operatorId,
      operatorEmail: email,
      action: 'operator.login.failed',
      targetType: 'operator',
      targetId: operatorId === null ? null : String(operatorId),
      after: { cause },
      ip: meta.ip,
      userAgent: meta.userAgent ?? null,
    });

  async function takeOrRefuse(key: string, rule: AttemptRule, what: string, taken: string[]): Promise<void> {
    const result = await counters.take(key, rule);
    if (!result.allowed) {
      await Promise.all(taken.map((previous) => counters.giveBack(previous)));
      throw throttled(result.retryAfterSeconds, what);
    }
    taken.push(key);
  }

  return {
    async login(input, meta) {
      const email = input.email.trim().toLowerCase();
      const [operator] = await db
        .select()
        .from(operators)
        .where(sql`lower(${operators.email}) = ${email}`);
      const familiar =
        operator !== undefined &&
        (
          await db
            .select({ id: operatorSessions.id })
            .from(operatorSessions)
            .where(and(eq(operatorSessions.operatorId, operator.id), eq(operatorSessions.ip, meta.ip)))
            .limit(1)
        ).length > 0;
      const keys = {
        pair: `admin-login:pair:${email}|${meta.ip}`,
        address: `admin-login:address:${meta.ip}`,
        account: `admin-login:account:${email}`,
      };
      const taken: string[] = [];
      await takeOrRefuse(keys.pair, OPERATOR_SIGN_IN_LIMITS.perPair, 'failed sign-in attempts', taken);
      await takeOrRefuse(keys.address, OPERATOR_SIGN_IN_LIMITS.perAddress, 'failed sign-in attempts', taken);
      if (!familiar) await takeOrRefuse(keys.account, OPERATOR_SIGN_IN_LIMITS.perAccount, 'failed sign-in attempts', taken);

      // The same argon2 work whether or not the e-mail is an operator's.
      const passwordMatches = operator
        ? await verifyPassword(operator.passwordHash, input.password)
        : await verifyAgainstNoAccount(input.password);
      if (!operator || !passwordMatches) {
        await failure(db, operator?.id ?? null, email, meta, operator ? 'wrong password' : 'unknown e-mail');
        throw new AppError('OperatorLoginFailed');
      }
      // Not a guess: the password was right.
      await Promise.all([counters.forget(keys.pair), counters.giveBack(keys.address), counters.forget(keys.account)]);
      if (operator.disabledAt) {
        await failure(db, operator.id, email, meta, 'operator disabled');
        throw new AppError('OperatorDisabled');
      }

      const challengeToken = randomToken();
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000);
      const enrolSecret = operator.totpSecret ? null : newTotpSecret();
      await db.transaction(async (tx) => {
        // One open challenge per operator: a new sign-in ends the one before.
        await tx
          .update(operatorLoginChallenges)
          .set({ usedAt: sql`now()` })
          .where(and(eq(operatorLoginChallenges.operatorId, operator.id), isNull(operatorLoginChallenges.usedAt)));
        await tx.insert(operatorLoginChallenges).values({
          operatorId: operator.id,
          tokenHash: hashToken(challengeToken),
          enrolSecret: enrolSecret ? box.seal(enrolSecret, operator.id) : null,
          ip: meta.ip,
          expiresAt,
        });
      });
      if (!enrolSecret) return { challengeToken, expiresAt, response: { step: 'totp' } };
      const uri = otpauthUri(enrolSecret, operator.email, issuer());
      return {
        challengeToken,
        expiresAt,
        response: { step: 'enrol', otpauthUri: uri, secret: enrolSecret, qrDataUrl: await qrDataUrl(uri) },
      };
    },

    async verifyCode(challengeToken, code, meta) {
      if (!challengeToken) throw new AppError('OperatorLoginExpired');
      const tokenHash = hashToken(challengeToken);
      const [open] = await db
        .select({ operatorId: operatorLoginChallenges.operatorId })
        .from(operatorLoginChallenges)
        .where(eq(operatorLoginChallenges.tokenHash, tokenHash));
      if (!open) throw new AppError('OperatorLoginExpired');
      const codeKey = `admin-totp:${open.operatorId}`;
      const allowed = await counters.take(codeKey, OPERATOR_SIGN_IN_LIMITS.perOperatorCodes);
      if (!allowed.allowed) throw throttled(allowed.retryAfterSeconds, 'wrong codes');

      type Outcome = { refused: AppError } | { session: { token: string; expiresAt: Date }; operator: OperatorSummary };
      const outcome: Outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const [challenge] = await tx
          .select()
          .from(operatorLoginChallenges)
          .where(eq(operatorLoginChallenges.tokenHash, tokenHash))
          .for('update');
        if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= Date.now())
          return { refused: new AppError('OperatorLoginExpired') };
        // The operator's row lock orders simultaneous codes: the second meets the first's step.
        const [operator] = await tx.select().from(operators).where(eq(operators.id, challenge.operatorId)).for('update');
        const sealed = challenge.enrolSecret ?? operator?.totpSecret;
        if (!operator || operator.disabledAt || !sealed) {
          await tx
            .update(operatorLoginChallenges)
            .set({ usedAt: sql`now()` })
            .where(eq(operatorLoginChallenges.id, challenge.id));
          if (operator?.disabledAt) {
            await failure(tx, operator.id, operator.email, meta, 'operator disabled');
            return { refused: new AppError('OperatorDisabled') };
          }
          return { refused: new AppError('OperatorLoginExpired') };
        }
        const step = matchingStep(box.open(sealed, operator.id), code);
        const replayed = step !== null && operator.totpLastStep !== null && step <= operator.totpLastStep;
        if (step === null || replayed) {
          const attempts = challenge.failedAttempts + 1;
          const spent = attempts >= CODES_PER_CHALLENGE;
          await tx
            .update(operatorLoginChallenges)
            .set({ failedAttempts: attempts, ...(spent ? { usedAt: sql`now()` } : {}) })
            .where(eq(operatorLoginChallenges.id, challenge.id));
          await failure(tx, operator.id, operator.email, meta, replayed ? 'code already used' : 'wrong code');
          if (spent)
            return { refused: new AppError('OperatorLoginExpired', 'Too many wrong codes. Please enter your e-mail and password again.') };
          return { refused: new AppError(replayed ? 'OperatorTotpReplayed' : 'OperatorTotpInvalid') };
        }
        const enrolling = challenge.enrolSecret !== null;
        await tx
          .update(operatorLoginChallenges)
          .set({ usedAt: sql`now()` })
          .where(eq(operatorLoginChallenges.id, challenge.id));
        await tx
          .update(operators)
          .set({
            totpLastStep: step,
            lastLoginAt: sql`now()`,
            ...(enrolling ? { totpSecret: challenge.enrolSecret, totpEnrolledAt: sql`now()` } : {}),
          })
          .where(eq(operators.id, operator.id));
        const session = await sessions.create(tx, operator.id, meta);
        const audit = {
          operatorId: operator.id,
          operatorEmail: operator.email,
          targetType: 'operator',
          targetId: String(operator.id),
          ip: meta.ip,
          userAgent: meta.userAgent ?? null,
        };
        if (enrolling)
          await appendAudit(tx, {
            ...audit,
            action: 'operator.two_factor.enrolled',
            before: { twoFactorEnrolled: false },
            after: { twoFactorEnrolled: true },
          });
        await appendAudit(tx, { ...audit, action: 'operator.login', after: { sessionId: session.sessionId } });
        return {
          session: { token: session.token, expiresAt: session.expiresAt },
          operator: { operatorId: operator.id, email: operator.email, displayName: operator.displayName, roles: operator.roles },
        };
      });
      if ('refused' in outcome) throw outcome.refused;
      await counters.giveBack(codeKey);
      return outcome;
    },

    async logout(sessionId, operator, meta) {
      await db.transaction(async (tx) => {
        await tx
          .update(operatorSessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
        await appendAudit(tx, {
          operatorId: operator.operatorId,
          operatorEmail: operator.email,
          action: 'operator.logout',
          targetType: 'operator',
          targetId: String(operator.operatorId),
          after: { sessionId },
          ip: meta.ip,
          userAgent: meta.userAgent ?? null,
        });
      });
    },
  };
}
