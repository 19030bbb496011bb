import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { adConversionEvents, paymentIntents, users, type AdClickIds } from '../../db/schema/index.js';
import type { Subscriber } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import {
  ConversionRejected,
  type AdProvider,
  type ConversionApi,
  type ConversionEventName,
} from '../../providers/ad-conversions/conversion-api.js';

/**
 * Ad conversion events (seed 001 section 7 /user/meta-capi and /user/reddit-capi):
 * registration, purchase and deposit, stored per provider with the e-mail hashed (SHA-256 of the
 * trimmed lower-case address), amount in cents and currency USD, then forwarded by a job.
 * A purchase is recorded by the server when it is credited (PurchaseCredited), as a purchase and
 * a deposit; the client's report of the same purchase (event id = merchantRefNum) is the same row.
 */
export const MAX_FORWARD_ATTEMPTS = 10;
export const CLICK_ID_COOKIES = { meta: '_fbc', reddit: 'rdt_cid' } as const;
/** How long a click id is kept: 30 days. */
export const CLICK_ID_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Longer click ids are neither kept nor read. */
const CLICK_ID_MAX_LENGTH = 500;

/**
 * The click-id cookies of a page opened from an ad (`?fbclid=`, `?rdt_cid=`), set with the page
 * itself: a visitor who moves on before the app has started keeps them. Meta's is kept as _fbc in
 * Meta's `fb.1.<creation time in ms>.<fbclid>` form, Reddit's as it came. None without a click id.
 */
export function clickIdCookies(query: URLSearchParams, now = Date.now()): { name: string; value: string; maxAgeSeconds: number }[] {
  const fbclid = query.get('fbclid');
  const reddit = query.get('rdt_cid');
  const kept = [
    ...(fbclid ? [{ name: CLICK_ID_COOKIES.meta, value: `fb.1.${now}.${fbclid}` }] : []),
    ...(reddit ? [{ name: CLICK_ID_COOKIES.reddit, value: reddit }] : []),
  ];
  return kept
    .filter((cookie) => cookie.value.length <= CLICK_ID_MAX_LENGTH)
    .map((cookie) => ({ ...cookie, maxAgeSeconds: CLICK_ID_MAX_AGE_SECONDS }));
}

export function hashEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export function clickIdsFromCookies(cookies: Record<string, string | undefined>): AdClickIds {
  const ids: AdClickIds = {};
  const meta = cookies[CLICK_ID_COOKIES.meta];
  const reddit = cookies[CLICK_ID_COOKIES.reddit];
  if (meta && meta.length <= CLICK_ID_MAX_LENGTH) ids.meta = meta;
  if (reddit && reddit.length <= CLICK_ID_MAX_LENGTH) ids.reddit = reddit;
  return ids;
}

interface RecordInput {
  eventName: ConversionEventName;
  eventId: string;
  source: 'server' | 'client';
  userId: number | null;
  emailSha256: string | null;
  amount: number | null;
  clickIds: AdClickIds;
  providers?: AdProvider[];
}

export interface AdConversionsService {
  record(executor: DbExecutor, input: RecordInput): Promise<void>;
  /** A client's event (POST /user/meta-capi or /user/reddit-capi). */
  recordClientEvent(input: {
    provider: AdProvider;
    userId: number | null;
    eventName: ConversionEventName;
    eventId?: string | undefined;
    email?: string | undefined;
    clickIds: AdClickIds;
  }): Promise<void>;
  /** Sends pending events through the adapters; answers how many were sent. */
  forwardPending(limit?: number): Promise<number>;
  subscriber: Subscriber;
}

export function createAdConversionsService(db: Database, apis: ConversionApi[]): AdConversionsService {
  const providers = apis.map((api) => api.provider);

  const service: AdConversionsService = {
    async record(executor, input) {
      await executor
        .insert(adConversionEvents)
        .values(
          (input.providers ?? providers).map((provider) => ({
            provider,
            eventName: input.eventName,
            eventId: input.eventId,
            source: input.source,
            userId: input.userId,
            emailSha256: input.emailSha256,
            amount: input.amount,
            currency: 'USD',
            clickId: input.clickIds[provider] ?? null,
          })),
        )
        .onConflictDoNothing();
    },

    async recordClientEvent({ provider, userId, eventName, eventId, email, clickIds }) {
      const user = userId === null ? undefined : await db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
      if (eventName === 'registration') {
        const address = user?.email ?? email;
        if (!address) throw new AppError('RequestInputValidation', 'An e-mail is required for a registration event.');
        await service.record(db, {
          eventName,
          eventId: eventId ?? `registration:${hashEmail(address)}`,
          source: 'client',
          userId,
          emailSha256: hashEmail(address),
          amount: null,
          clickIds,
          providers: [provider],
        });
        return;
      }
      // A purchase or deposit counts only as the server knows it: the player's own paid intent.
      if (userId === null || !user) throw new AppError('Unauthenticated');
      if (!eventId) throw new AppError('RequestInputValidation', 'eventId (the merchantRefNum) is required.');
      const intent = await db.query.paymentIntents.findFirst({
        where: and(eq(paymentIntents.merchantRefNum, eventId), eq(paymentIntents.userId, userId), eq(paymentIntents.status, 1)),
      });
      if (!intent) throw new AppError('PaymentNotFound');
      await service.record(db, {
        eventName,
        eventId,
        source: 'client',
        userId,
        emailSha256: hashEmail(user.email),
        amount: intent.amount,
        clickIds: { ...intent.adClickIds, ...clickIds },
        providers: [provider],
      });
    },

    async forwardPending(limit = 100) {
      const pending = await db
        .select()
        .from(adConversionEvents)
        .where(eq(adConversionEvents.status, 'pending'))
        .orderBy(asc(adConversionEvents.createdAt), asc(adConversionEvents.id))
        .limit(limit);
      let sent = 0;
      for (const row of pending) {
        const api = apis.find((candidate) => candidate.provider === row.provider);
        if (!api) continue;
        try {
          const payload = await api.send({
            eventName: row.eventName,
            eventId: row.eventId,
            eventTime: row.createdAt,
            emailSha256: row.emailSha256,
            amount: row.amount,
            currency: row.currency,
            clickId: row.clickId,
          });
          await db
            .update(adConversionEvents)
            .set({ status: 'sent', payload, sentAt: new Date(), attempts: sql`${adConversionEvents.attempts} + 1` })
            .where(eq(adConversionEvents.id, row.id));
          sent += 1;
        } catch (error) {
          const rejected = error instanceof ConversionRejected;
          await db
            .update(adConversionEvents)
            .set({
              attempts: sql`${adConversionEvents.attempts} + 1`,
              lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
              status: rejected
                ? 'failed'
                : sql`case when ${adConversionEvents.attempts} + 1 >= ${MAX_FORWARD_ATTEMPTS} then 'failed' else 'pending' end`,
            })
            .where(eq(adConversionEvents.id, row.id));
        }
      }
      return sent;
    },

    subscriber: {
      name: 'ad conversions',
      handles: ['PurchaseCredited'],
      async handle(event, { tx }) {
        if (event.type !== 'PurchaseCredited') return;
        const { userId, intentId, amount } = event.payload;
        const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
        const user = await tx.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
        if (!intent || !user) return;
        for (const eventName of ['purchase', 'deposit'] as const) {
          await service.record(tx, {
            eventName,
            eventId: intent.merchantRefNum,
            source: 'server',
            userId,
            emailSha256: hashEmail(user.email),
            amount,
            clickIds: intent.adClickIds,
          });
        }
      },
    },
  };
  return service;
}
