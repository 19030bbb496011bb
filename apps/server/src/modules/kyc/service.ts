import { isKycVerified, KYC_LABELS, type KycLabelsResponse, type KycSettingsResponse } from '@casino/contracts/kyc';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { kycSessions, kycWebhookEvents, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { KycProvider, KycSessionStatus, KycWebhookEvent } from '../../providers/kyc/kyc-provider.js';
import { PHONE_OTP_RULES } from './phone-service.js';

/**
 * Identity verification. users.kyc_status is the source of truth (the redeem
 * rule reads it: APPROVED or COMPLETE, case-insensitive); only the vendor's signed webhooks move
 * it past 'created', and only for the player's latest session.
 */
export interface KycService {
  /** GET /kyc/init-kyc: the hosted verification link (a new session, or the open one). */
  initKyc(userId: number): Promise<{ url: string; kycStatus: string }>;
  labels(): KycLabelsResponse;
  settings(): KycSettingsResponse;
  /** A verified webhook event; a replayed or stale one changes nothing. */
  handleWebhook(event: KycWebhookEvent): Promise<{ duplicate: boolean; applied: boolean }>;
}

/** How far along a session is: a webhook never moves a session (or the player) backwards. */
const RANK: Record<KycSessionStatus, number> = { created: 0, activated: 1, processing: 2, archived: 3, complete: 3, failed: 3 };
const FINISHED = new Set<string>(['complete', 'failed', 'archived']);

/** Where the vendor's page sends the player back: the account page, Verification tab. */
export const KYC_RETURN_PATH = '/user/account-details?tab=verification';

export function createKycService(
  db: Database,
  bus: EventBus,
  provider: KycProvider | null,
  log: { error: (object: unknown, message: string) => void },
): KycService {
  return {
    async initKyc(userId) {
      const latestOpen = await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ kycStatus: users.kycStatus, phoneVerified: users.phoneVerified })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw new AppError('SessionInvalid');
        // Seed 001 section 8: 3072 'Already Verified', 3073 'In Progress'.
        if (isKycVerified(user.kycStatus)) throw new AppError('KycAlreadyVerified');
        if (user.kycStatus.toLowerCase() === 'processing') throw new AppError('KycInProgress');
        // Seed 001 section 4 'Phone verification': the identity step follows a verified phone.
        if (!user.phoneVerified) throw new AppError('KycPhoneNotVerified');
        const [latest] = await tx.select().from(kycSessions).where(eq(kycSessions.userId, userId)).orderBy(desc(kycSessions.id)).limit(1);
        // The open session's link is kept while it is open (seed: 'kept only when not complete').
        return latest && !FINISHED.has(latest.status) && latest.status !== 'processing' && latest.status === user.kycStatus ? latest : null;
      });
      if (latestOpen) return { url: latestOpen.url, kycStatus: latestOpen.status };
      if (!provider) throw new AppError('KycProviderUnavailable');

      // The vendor is called outside any transaction (no lock held across the network).
      let session: Awaited<ReturnType<KycProvider['createSession']>>;
      try {
        session = await provider.createSession({ reference: `player-${userId}`, returnUrl: KYC_RETURN_PATH });
      } catch (error) {
        // The vendor is down or refused us: the player is told to try later (3739), we are told why.
        log.error({ err: error, userId, provider: provider.name }, 'the identity-verification vendor could not open a session');
        throw new AppError('KycProviderUnavailable');
      }
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw new AppError('SessionInvalid');
        // A webhook of an earlier session may have finished it meanwhile.
        if (isKycVerified(user.kycStatus)) throw new AppError('KycAlreadyVerified');
        if (user.kycStatus.toLowerCase() === 'processing') throw new AppError('KycInProgress');
        await tx.insert(kycSessions).values({
          userId,
          provider: provider.name,
          vendorSessionId: session.sessionId,
          url: session.url,
          status: session.status,
        });
        await tx
          .update(users)
          .set({ kycStatus: session.status, idComplyStatus: 'UNFULFILLED', kycRegistrationFlag: true, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        return { url: session.url, kycStatus: session.status };
      });
    },

    labels: () => ({ labels: KYC_LABELS.map((label) => ({ ...label })) }),

    settings: () => ({
      isKycEnabled: provider !== null,
      provider: provider?.name ?? 'none',
      phoneVerificationRequired: true,
      otpLength: 6,
      otpExpirySeconds: PHONE_OTP_RULES.expirySeconds,
      otpResendSeconds: PHONE_OTP_RULES.resendSeconds,
      otpMaxAttempts: PHONE_OTP_RULES.maxAttempts,
    }),

    async handleWebhook(event) {
      return bus.run(async ({ tx, record }) => {
        // The event id is recorded once: a replay (even a validly signed one) stops here.
        const inserted = await tx
          .insert(kycWebhookEvents)
          .values({ eventId: event.eventId, vendorSessionId: event.sessionId, status: event.status })
          .onConflictDoNothing()
          .returning({ eventId: kycWebhookEvents.eventId });
        if (inserted.length === 0) return { duplicate: true, applied: false };
        const [session] = await tx.select().from(kycSessions).where(eq(kycSessions.vendorSessionId, event.sessionId)).for('update');
        if (!session) return { duplicate: false, applied: false };
        const current = session.status as KycSessionStatus;
        if (FINISHED.has(current) || RANK[event.status] <= RANK[current]) return { duplicate: false, applied: false };
        await tx
          .update(kycSessions)
          .set({ status: event.status, updatedAt: sql`now()` })
          .where(eq(kycSessions.id, session.id));

        const [user] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, session.userId)).for('update');
        const [latest] = await tx
          .select({ id: kycSessions.id })
          .from(kycSessions)
          .where(eq(kycSessions.userId, session.userId))
          .orderBy(desc(kycSessions.id))
          .limit(1);
        // Only the latest session speaks for the player, and a verified player stays verified.
        if (!user || latest?.id !== session.id || isKycVerified(user.kycStatus)) return { duplicate: false, applied: false };
        await tx
          .update(users)
          .set({
            kycStatus: event.status,
            idComplyStatus: event.status === 'complete' ? 'FULFILLED' : 'UNFULFILLED',
            updatedAt: sql`now()`,
          })
          .where(and(eq(users.id, session.userId)));
        // The player hears of a decision, not of the steps before it.
        if (event.status === 'complete') await record({ type: 'KycApproved', payload: { userId: session.userId } });
        if (event.status === 'failed') await record({ type: 'KycFailed', payload: { userId: session.userId } });
        return { duplicate: false, applied: true };
      });
    },
  };
}
