import type { AccountDetails, SignUpResponse, signUpRequestSchema, VerifiedEmail } from '@casino/contracts/auth';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database, DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { noSoonerThan } from '../../lib/steady-time.js';
import { GoogleTokenError } from '../../providers/google/google-id-token.js';
import type { GoogleSignIn } from '../../providers/google/google-sign-in.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import type { EventBus } from '../../events/event-bus.js';
import type { ProfileService } from '../profile/service.js';
import type { PromotionsService } from '../promotions/service.js';
import { consumeAccountToken, findLiveAccountToken, issueAccountToken, retireAccountTokens } from './account-tokens.js';
import { rememberSignInDevice } from './known-devices.js';
import type { LoginThrottle } from './login-throttle.js';
import { emailVerificationMail } from '../mail/templates/email-verification.js';
import { passwordResetMail } from '../mail/templates/password-reset.js';
import { hashPassword, verifyAgainstNoAccount, verifyPassword } from './passwords.js';
import { activeExclusion, assertMayPlay } from '../../kernel/responsible-play/enforcement.js';
import { assertNotBlocked, isBlocked } from './player-blocks.js';
import type { SessionService } from '../../kernel/sessions/session-service.js';
import { deriveUsername } from './usernames.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { normalisedEmail } from '../../lib/normalised-email.js';

type UserRow = typeof users.$inferSelect;
export type SignUpInput = z.output<typeof signUpRequestSchema>;

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  /** The session cookie the request came with, ended when a new session starts (rotation). */
  currentSessionToken?: string | undefined;
  /** The browser's device id (known-devices.ts): a sign-in from a new one is mailed to the player. */
  deviceId?: string | undefined;
}

export interface SignedIn {
  session: { token: string; expiresAt: Date };
  profile: AccountDetails & Record<string, unknown>;
}

export interface AuthService {
  isUserNameTaken(userName: string): Promise<boolean>;
  /** Whether this e-mail's account has signed in from this address (the same queries for an unknown e-mail). */
  hasSignedInFrom(email: string, ip: string): Promise<boolean>;
  signUp(input: SignUpInput, meta: RequestMeta): Promise<SignUpResponse>;
  /**
   * `beforeVerificationMail` runs once the password proved the account unverified, before the
   * mail 3050 announces is sent: the route counts it against Resend Email's limits there, and
   * throws when they are spent.
   */
  login(input: { email: string; password: string }, meta: RequestMeta, beforeVerificationMail: () => Promise<void>): Promise<SignedIn>;
  googleLogin(
    input: { credential: string; browser?: string | undefined; platform?: string | undefined },
    meta: RequestMeta,
  ): Promise<SignedIn>;
  logout(sessionId: number): Promise<void>;
  verifyEmail(token: string): Promise<VerifiedEmail>;
  resendVerification(email: string): Promise<void>;
  forgotPassword(email: string): Promise<void>;
  resetPassword(input: { newPasswordKey: string; password: string }): Promise<void>;
}

export interface AuthServiceDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  sessions: SessionService;
  profiles: ProfileService;
  google: GoogleSignIn;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  /** E-mail verification is one business action with the promo bonus it credits. */
  bus: EventBus;
  /** Sign-up promo codes and referral links. */
  promotions: Pick<PromotionsService, 'checkSignUpCode' | 'linkReferral' | 'creditOnVerification'>;
}

/**
 * Sign-up and forgot password take at least this long, known e-mail or not (lib/steady-time.ts):
 * above the work of a known e-mail (argon2, rows, a mail through the outbox or SMTP).
 */
export const ACCOUNT_LOOKUP_FLOOR_MS = 250;

/**
 * What a sign-up tells of who the player is, kept as it was then: a referral reward compares it
 * with the referrer's (modules/promotions/referral-same-person.ts). The browser is cut as a
 * session's is, so the two compare.
 */
function signUpSignals(email: string, meta: RequestMeta) {
  return { emailNormalised: normalisedEmail(email), signUpIp: meta.ip, signUpUserAgent: meta.userAgent?.slice(0, 300) ?? null };
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { db, config, mailer, sessions, profiles, google, throttle, log, bus, promotions } = deps;

  const findByEmail = (email: string, executor: DbExecutor = db) =>
    executor.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email.trim()})` });
  const findByUserName = (userName: string) => db.query.users.findFirst({ where: sql`lower(${users.username}) = lower(${userName})` });

  /** Links come from the configured public URL only, never from the request's Host header. */
  const link = (path: string, token: string) => `${config.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  function issueVerificationToken(user: UserRow, executor: DbExecutor = db) {
    return issueAccountToken(executor, {
      userId: user.id,
      purpose: 'verify_email',
      email: user.email,
      ttlSeconds: config.EMAIL_VERIFICATION_TTL_SECONDS,
      // Every unexpired verification link keeps working: players often open the first mail.
      supersede: false,
    });
  }

  async function mailVerificationLink(user: UserRow, token: string): Promise<void> {
    await mailer.send(
      emailVerificationMail({
        to: user.email,
        username: user.username,
        link: link('/user/verifyEmail', token),
        ttlSeconds: config.EMAIL_VERIFICATION_TTL_SECONDS,
      }),
    );
  }

  async function sendVerificationMail(user: UserRow): Promise<void> {
    const { token } = await issueVerificationToken(user);
    await mailVerificationLink(user, token);
  }

  /** Sends, but a failure only gets logged: the account exists and Resend Email can retry. */
  async function sendVerificationMailQuietly(user: UserRow): Promise<void> {
    try {
      await sendVerificationMail(user);
    } catch (error) {
      log.error({ err: error, userId: user.id }, 'verification e-mail could not be sent');
    }
  }

  async function sendOrRefuse(send: () => Promise<void>, userId: number): Promise<void> {
    try {
      await send();
    } catch (error) {
      log.error({ err: error, userId }, 'account e-mail could not be sent');
      throw new AppError('ServiceUnavailable', 'We could not send the e-mail right now. Please try again in a few minutes.');
    }
  }

  async function startSession(user: UserRow, meta: RequestMeta): Promise<SignedIn> {
    // No session for a player an operator blocked, nor during a time break or
    // self-exclusion: refused with until when.
    await assertNotBlocked(db, user.id);
    await assertMayPlay(db, user.id);
    if (meta.currentSessionToken) {
      const current = await sessions.resolve(meta.currentSessionToken);
      if (current.status === 'valid') await sessions.revoke(current.sessionId);
    }
    const session = await sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
    // An exclusion or a block committed meanwhile ended every session it saw; this one it may not have.
    const racing = (await activeExclusion(db, user.id)) ?? ((await isBlocked(db, user.id)) ? 'blocked' : null);
    if (racing) {
      const created = await sessions.resolve(session.token);
      if (created.status === 'valid') await sessions.revoke(created.sessionId);
      await assertNotBlocked(db, user.id);
      await assertMayPlay(db, user.id);
    }
    await db.update(users).set({ signInIp: meta.ip }).where(eq(users.id, user.id));
    const deviceId = meta.deviceId;
    if (deviceId) await bus.run((uow) => rememberSignInDevice(uow, user.id, { deviceId, userAgent: meta.userAgent }));
    return { session, profile: await profiles.profileOf(user.id) };
  }

  const service: AuthService = {
    async isUserNameTaken(userName) {
      return (await findByUserName(userName)) !== undefined;
    },

    async hasSignedInFrom(email, ip) {
      const user = await findByEmail(email);
      return (await sessions.hasSignedInFrom(user?.id ?? 0, ip)) && user !== undefined;
    },

    async signUp(input, meta) {
      // Hashed first: a registered e-mail (3007) costs the same argon2 work as a new one, so the
      // answer's timing adds nothing to what its code says.
      const passwordHash = await hashPassword(input.password);
      if (await findByUserName(input.userName)) throw new AppError('UserNameAlreadyExists');
      if (await findByEmail(input.email)) throw new AppError('EmailAlreadyExists');
      // A promo code that would give nothing is refused now, on the form, not after verification.
      if (input.promoCode) await promotions.checkSignUpCode(input.promoCode);
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const [created] = (await tx
            .insert(users)
            .values({
              username: input.userName,
              email: input.email.toLowerCase(),
              passwordHash,
              dateOfBirth: input.dateOfBirth ?? null,
              promoCode: input.promoCode || null,
              friendsReferralCode: input.friendsReferralCode || null,
              marketingConsent: input.isMarketingAccepted ?? false,
              termsAcceptedAt: new Date(),
              signUpPlatform: input.platform || null,
              signUpBrowser: input.browser || meta.userAgent?.slice(0, 100) || null,
              signUpToken: input.token || null,
              signInIp: meta.ip,
              ...signUpSignals(input.email, meta),
            })
            .returning()) as [UserRow];
          if (input.friendsReferralCode) await promotions.linkReferral(tx, created.id, input.friendsReferralCode);
          return created;
        });
      } catch (error) {
        // Two sign-ups racing for the same name or address: the unique index decides.
        const constraint = uniqueViolationConstraint(error);
        if (constraint === 'users_username_lower_key') throw new AppError('UserNameAlreadyExists');
        if (constraint !== undefined) throw new AppError('EmailAlreadyExists');
        throw error;
      }
      // No session: the e-mail is not verified yet (seed 000 section 4 'Sign-up success').
      await sendVerificationMailQuietly(user);
      return { userId: user.id, username: user.username, email: user.email, emailVerified: false };
    },

    async login(input, meta, beforeVerificationMail) {
      const user = await findByEmail(input.email);
      // The same work for a known and an unknown address: one session look-up
      // and one argon2 verification each.
      const familiar = await sessions.hasSignedInFrom(user?.id ?? 0, meta.ip);
      const attempt = await throttle.begin(input.email, meta.ip, familiar);
      const passwordMatches = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstNoAccount(input.password);
      // Client toasts 'Please first sign up for login' and switches to the sign-up tab.
      if (!user) throw new AppError('SwitchToSignUp');
      if (!user.passwordHash) {
        await attempt.notAGuess();
        throw new AppError(
          'LoginEmailError',
          'This account signs in with Google. Please use Sign in with Google, or Forgot The Password to set a password.',
        );
      }
      if (!passwordMatches) throw new AppError('LoginPasswordError');
      await attempt.notAGuess();
      if (!user.emailVerifiedAt) {
        // The client answers 3050 with 'Verification email has been sent to you': every 3050 sends
        // one, within the limits of Resend Email, or the login says why none was sent.
        await beforeVerificationMail();
        await sendOrRefuse(() => sendVerificationMail(user), user.id);
        throw new AppError('EmailNotVerified');
      }
      return startSession(user, meta);
    },

    async googleLogin(input, meta) {
      let identity;
      try {
        identity = await google.verify(input.credential);
      } catch (error) {
        if (error instanceof GoogleTokenError) throw new AppError('GoogleTokenInvalid', error.message, { reason: error.problem });
        throw error;
      }
      let user = await db.query.users.findFirst({ where: eq(users.googleSubject, identity.subject) });
      if (!user) {
        const byEmail = await findByEmail(identity.email);
        if (byEmail) {
          // Linking a Google account to an existing one needs Google's word that the address is
          // theirs; otherwise anyone could claim an address they do not own.
          if (!identity.emailVerified) {
            throw new AppError(
              'LoginEmailError',
              'An account with this e-mail already exists. Please log in with your password, or verify the address with Google first.',
            );
          }
          if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
            throw new AppError('LoginEmailError', 'This account is linked to a different Google account.');
          }
          [user] = (await db
            .update(users)
            .set({ googleSubject: identity.subject, emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
            .where(eq(users.id, byEmail.id))
            .returning()) as [UserRow];
        } else {
          const username = await deriveUsername(identity, async (name) => (await findByUserName(name)) !== undefined);
          try {
            [user] = (await db
              .insert(users)
              .values({
                username,
                email: identity.email.toLowerCase(),
                googleSubject: identity.subject,
                emailVerifiedAt: identity.emailVerified ? new Date() : null,
                // The Google button sits under the statement that continuing accepts the terms.
                termsAcceptedAt: new Date(),
                signUpPlatform: input.platform || null,
                signUpBrowser: input.browser || meta.userAgent?.slice(0, 100) || null,
                signInIp: meta.ip,
                ...signUpSignals(identity.email, meta),
              })
              .returning()) as [UserRow];
          } catch (error) {
            if (uniqueViolationConstraint(error) !== undefined) {
              throw new AppError('LoginEmailError', 'This Google account is being signed in already. Please try again.');
            }
            throw error;
          }
          if (!user.emailVerifiedAt) await sendVerificationMailQuietly(user);
        }
      } else if (!user.emailVerifiedAt && identity.emailVerified && identity.email.toLowerCase() === user.email.toLowerCase()) {
        [user] = (await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id)).returning()) as [UserRow];
      }
      // An unverified Google address still signs in: the start-up queue then shows the 'Action
      // Required' prompt with Send Email, and closing it logs out (seed 000 sections 2 and 4).
      return startSession(user, meta);
    },

    async logout(sessionId) {
      await sessions.revoke(sessionId);
    },

    async verifyEmail(token) {
      return bus.run(async (uow) => {
        const { tx } = uow;
        const used = await consumeAccountToken(tx, token, 'verify_email');
        const user = used ? await tx.query.users.findFirst({ where: eq(users.id, used.userId) }) : undefined;
        // A link for an address the account no longer has proves nothing.
        if (!used || !user || used.email.toLowerCase() !== user.email.toLowerCase()) throw new AppError('VerifyEmailLinkInvalid');
        let promoBonus = null;
        if (!user.emailVerifiedAt) {
          await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
          // The sign-up promo code's bonus is credited with the verification, once.
          promoBonus = await promotions.creditOnVerification(uow, user.id);
        }
        await retireAccountTokens(tx, user.id, 'verify_email');
        return {
          email: user.email,
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          dateOfBirth: user.dateOfBirth,
          promoBonus,
        };
      });
    },

    async resendVerification(email) {
      const user = await findByEmail(email);
      if (!user) throw new AppError('UserNotSignedUp');
      if (user.emailVerifiedAt) throw new AppError('EmailAlreadyVerified');
      await sendOrRefuse(() => sendVerificationMail(user), user.id);
    },

    async forgotPassword(email) {
      const user = await findByEmail(email);
      if (!user) throw new AppError('ForgotPasswordEmailUnknown');
      await sendOrRefuse(async () => {
        const { token } = await issueAccountToken(db, {
          userId: user.id,
          purpose: 'reset_password',
          email: user.email,
          ttlSeconds: config.PASSWORD_RESET_TTL_SECONDS,
          // Only the newest reset link works.
          supersede: true,
        });
        await mailer.send(
          passwordResetMail({
            to: user.email,
            username: user.username,
            link: link('/user/forgotPassword', token),
            ttlSeconds: config.PASSWORD_RESET_TTL_SECONDS,
          }),
        );
      }, user.id);
    },

    async resetPassword(input) {
      // Check the link before spending an argon2 hash on it; the consuming update below decides.
      if (!(await findLiveAccountToken(db, input.newPasswordKey, 'reset_password'))) throw new AppError('ResetLinkInvalid');
      const passwordHash = await hashPassword(input.password);
      const userId = await bus.run(async (uow) => {
        const { tx } = uow;
        const used = await consumeAccountToken(tx, input.newPasswordKey, 'reset_password');
        const user = used ? await tx.query.users.findFirst({ where: eq(users.id, used.userId) }) : undefined;
        if (!used || !user || used.email.toLowerCase() !== user.email.toLowerCase()) throw new AppError('ResetLinkInvalid');
        await tx
          .update(users)
          .set({
            passwordHash,
            // Opening the mailed link proves the mailbox is the player's.
            emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        // Verified by the reset link: the sign-up promo code is credited as on the verification link.
        if (!user.emailVerifiedAt) await promotions.creditOnVerification(uow, user.id);
        await retireAccountTokens(tx, user.id, 'reset_password');
        await uow.record({ type: 'PasswordChanged', payload: { userId: user.id, via: 'reset-link' } });
        // A reset ends every session of the account and does not sign in.
        await sessions.revokeAllForUser(user.id, tx);
        return user.id;
      });
      const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
      if (user) await throttle.clear(user.email);
    },
  };
  // Sign-up and forgot password answer whether an e-mail is registered (3007, 3053): a known
  // e-mail's extra work (an account, a token, a mail) is hidden under one response time.
  return {
    ...service,
    signUp: (input, meta) => noSoonerThan(ACCOUNT_LOOKUP_FLOOR_MS, () => service.signUp(input, meta)),
    forgotPassword: (email) => noSoonerThan(ACCOUNT_LOOKUP_FLOOR_MS, () => service.forgotPassword(email)),
  };
}
