import type { FailedWebhookRow, WebhookReplayResponse, failedWebhookFilters } from '@casino/contracts/admin-money';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { failedWebhooks, operators } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { errorText } from './failed-webhooks.js';
import { eventSummary, storedEvent, type WebhookHandlers } from './kept-events.js';

/**
 * The money desk's failed webhooks: the list, and an operator's replay, which
 * runs the provider's own handler on the kept event.
 *
 * Two operators replaying at once: a replay first claims the row with one conditional update
 * (still failed, no replay running), so exactly one runs the handler and the other is told
 * (3843). The claim is a time-stamped lease rather than a lock held across the handler, whose
 * own transactions run on other connections; a replay cut short by a crash frees the row after
 * REPLAY_LEASE_SECONDS.
 */
export const REPLAY_LEASE_SECONDS = 300;

type WebhookRow = typeof failedWebhooks.$inferSelect;
type Filter = (typeof failedWebhookFilters)[number];

/** What the audit trail keeps of a failed webhook, before and after a replay. */
export const auditedWebhook = (row: WebhookRow) => ({
  provider: row.provider,
  eventId: row.eventId,
  reference: row.reference,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
});

export interface ReplayAudit {
  (tx: Transaction, entry: { action: 'webhook.replay' | 'webhook.replay.failed'; before: WebhookRow; after: WebhookRow }): Promise<void>;
}

export interface WebhookReplay {
  list(filter: Filter, page: { page: number; limit: number }): Promise<{ rows: FailedWebhookRow[]; count: number }>;
  /** Replays a failed webhook as this operator; `audit` writes the trail in the outcome's transaction. */
  replay(webhookId: number, operatorId: number, audit: ReplayAudit): Promise<WebhookReplayResponse>;
}

export function createWebhookReplay(db: Database, handlers: WebhookHandlers): WebhookReplay {
  async function runHandler(row: WebhookRow): Promise<{ duplicate: boolean }> {
    if (row.provider === 'PAYNOTE') return handlers.PAYNOTE(storedEvent('PAYNOTE', row.event));
    return handlers[row.provider](storedEvent(row.provider, row.event));
  }

  return {
    async list(filter, { page, limit }) {
      const where = filter === 'all' ? undefined : eq(failedWebhooks.status, filter);
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: failedWebhooks, replayedBy: operators.email })
          .from(failedWebhooks)
          .leftJoin(operators, eq(operators.id, failedWebhooks.replayedBy))
          .where(where)
          .orderBy(desc(failedWebhooks.firstSeenAt), desc(failedWebhooks.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(failedWebhooks).where(where),
      ]);
      return {
        count: Number(total?.value ?? 0),
        rows: rows.map(({ row, replayedBy }) => ({
          webhookId: row.id,
          provider: row.provider,
          eventId: row.eventId,
          reference: row.reference,
          summary: eventSummary(row.provider, row.event),
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          firstSeenAt: row.firstSeenAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          replayedAt: row.replayedAt?.toISOString() ?? null,
          replayedBy,
          resolvedAt: row.resolvedAt?.toISOString() ?? null,
        })),
      };
    },

    async replay(webhookId, operatorId, audit) {
      const [claimed] = await db
        .update(failedWebhooks)
        .set({ replayStartedAt: sql`now()` })
        .where(
          and(
            eq(failedWebhooks.id, webhookId),
            eq(failedWebhooks.status, 'failed'),
            or(
              isNull(failedWebhooks.replayStartedAt),
              lt(failedWebhooks.replayStartedAt, sql`now() - interval '${sql.raw(String(REPLAY_LEASE_SECONDS))} seconds'`),
            ),
          ),
        )
        .returning();
      if (!claimed) {
        const [exists] = await db.select({ id: failedWebhooks.id }).from(failedWebhooks).where(eq(failedWebhooks.id, webhookId));
        throw new AppError(exists ? 'WebhookReplayConflict' : 'NotFound');
      }

      let outcome: { duplicate: boolean };
      try {
        outcome = await runHandler(claimed);
      } catch (error) {
        const lastError = errorText(error);
        const after = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(failedWebhooks)
            .set({
              attempts: sql`${failedWebhooks.attempts} + 1`,
              lastError,
              replayStartedAt: null,
            })
            .where(eq(failedWebhooks.id, webhookId))
            .returning();
          await audit(tx, { action: 'webhook.replay.failed', before: claimed, after: row! });
          return row!;
        });
        throw new AppError('WebhookReplayFailed', `The event still could not be applied (${lastError}). It stays failed.`, {
          attempts: after.attempts,
          lastError,
        });
      }

      return db.transaction(async (tx) => {
        // A provider retry may have resolved it while the handler ran: the operator's replay ran all the same.
        const [row] = await tx
          .update(failedWebhooks)
          .set({ status: 'replayed', replayedAt: sql`now()`, replayedBy: operatorId, replayStartedAt: null })
          .where(and(eq(failedWebhooks.id, webhookId), inArray(failedWebhooks.status, ['failed', 'resolved'])))
          .returning();
        if (!row) throw new AppError('WebhookReplayConflict');
        await audit(tx, { action: 'webhook.replay', before: claimed, after: row });
        return { webhookId, status: row.status, duplicate: outcome.duplicate };
      });
    },
  };
}
