import type { WebhookProvider } from '@casino/contracts/admin-money';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { failedWebhooks } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { keptEvent, type ProviderEvents } from './kept-events.js';
import { webhooksFailed } from '../../observability/metrics.js';

/**
 * Failed webhook deliveries: a verified event whose handling threw is kept
 * for the money desk, and a later delivery of the same event that succeeds resolves it. The
 * handlers run their own transactions, so by the time their error reaches here the failed
 * transaction has rolled back and the row is written in a statement of its own.
 */
const ERROR_TEXT_LIMIT = 500;

/**
 * The operator's words for what went wrong: the code and text of our own errors, the innermost
 * cause of a database error (Drizzle's wrapper repeats the query and its parameters).
 */
export function errorText(error: unknown): string {
  if (error instanceof AppError) return `${error.errorName}: ${error.message}`.slice(0, ERROR_TEXT_LIMIT);
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth += 1) current = current.cause;
  const text = current instanceof Error ? current.message : String(current);
  return (text || 'Unknown error').slice(0, ERROR_TEXT_LIMIT);
}

export interface FailedWebhookRecorder {
  /**
   * Runs the handler on a verified event. Applying it resolves a kept failure of the same event (a
   * provider retry); a throw keeps the event (one row per event: attempts, last error, last seen)
   * and becomes WebhookNotApplied (503), so that the provider retries. A duplicate answer resolves
   * nothing: the first delivery of that event id may still be running, and may yet fail.
   */
  deliver<P extends WebhookProvider, R extends { duplicate: boolean }>(
    provider: P,
    event: ProviderEvents[P],
    handle: (event: ProviderEvents[P]) => Promise<R>,
  ): Promise<R>;
}

export function createFailedWebhookRecorder(
  db: Database,
  log: { warn: (object: unknown, message: string) => void; error: (object: unknown, message: string) => void },
): FailedWebhookRecorder {
  async function keep(provider: WebhookProvider, event: ProviderEvents[WebhookProvider], error: unknown): Promise<void> {
    const kept = keptEvent(provider, event);
    const lastError = errorText(error);
    await db
      .insert(failedWebhooks)
      .values({ provider, eventId: kept.eventId, reference: kept.reference, event: kept.event, lastError })
      .onConflictDoUpdate({
        target: [failedWebhooks.provider, failedWebhooks.eventId],
        // A retry that fails again; a row applied meanwhile (it cannot fail again: its event id is
        // now a duplicate to the handler) would be reopened rather than hide the new failure.
        set: { attempts: sql`${failedWebhooks.attempts} + 1`, lastError, lastSeenAt: sql`now()`, status: 'failed', resolvedAt: null },
      });
  }

  return {
    async deliver(provider, event, handle) {
      let result;
      try {
        result = await handle(event);
      } catch (error) {
        log.error({ err: error, provider, eventId: event.eventId }, 'webhook handling failed; kept for the money desk');
        webhooksFailed.inc({ provider });
        try {
          await keep(provider, event, error);
        } catch (keepError) {
          log.error({ err: keepError, provider, eventId: event.eventId }, 'could not keep a failed webhook');
        }
        throw new AppError('WebhookNotApplied');
      }
      if (result.duplicate) return result;
      try {
        await db
          .update(failedWebhooks)
          .set({ status: 'resolved', resolvedAt: sql`now()` })
          .where(
            and(eq(failedWebhooks.provider, provider), eq(failedWebhooks.eventId, event.eventId), eq(failedWebhooks.status, 'failed')),
          );
      } catch (error) {
        // Applied all the same: the desk still lists it, and a replay answers duplicate.
        log.warn({ err: error, provider, eventId: event.eventId }, 'could not mark a kept webhook resolved');
      }
      return result;
    },
  };
}
