import { fromHundredths } from '@casino/contracts/money';
import {
  depositLimitKinds,
  formatUtcDateTime,
  limitPeriodOf,
  responsiblePlayMessages,
  type LimitKind,
  type LimitPeriod,
} from '@casino/contracts/responsible-play';
import { transactionStatus } from '@casino/contracts/store';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { responsiblePlayExclusions, responsiblePlayLimits } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { limitInForce } from './limit-in-force.js';
import { periodStarts, utcDay } from './periods.js';

/**
 * The checks every spending path makes, inside its own money transaction after
 * `ledger.lockPlayer` (docs/decisions/014-responsible-play.md): the lock serialises one player's
 * money actions, so the totals read here are exact and two concurrent purchases are decided one
 * after the other. A bet's checks are made by the wallet's database functions, in the bet's own
 * statement; this is the public entry for purchases, bonuses and spins.
 */

export type Totals = Record<LimitPeriod, number>;

export interface ActiveExclusion {
  kind: 'time_break' | 'self_exclusion';
  /** null: indefinite. */
  endsAt: Date | null;
}

/** The exclusion in force now, the one that ends last (a later, shorter one never shortens it). */
export async function activeExclusion(executor: DbExecutor, userId: number, now = new Date()): Promise<ActiveExclusion | null> {
  const rows = await executor
    .select({ kind: responsiblePlayExclusions.kind, endsAt: responsiblePlayExclusions.endsAt })
    .from(responsiblePlayExclusions)
    .where(
      and(
        eq(responsiblePlayExclusions.userId, userId),
        sql`${responsiblePlayExclusions.startsAt} <= ${now}`,
        or(isNull(responsiblePlayExclusions.endsAt), gt(responsiblePlayExclusions.endsAt, now)),
      ),
    )
    .orderBy(sql`${responsiblePlayExclusions.endsAt} desc nulls first`, desc(responsiblePlayExclusions.id))
    .limit(1);
  return rows[0] ?? null;
}

export function exclusionMessage(exclusion: ActiveExclusion): string {
  return responsiblePlayMessages.excludedUntil(exclusion.kind, exclusion.endsAt ? formatUtcDateTime(exclusion.endsAt) : null);
}

/**
 * Refuses any play or spending during a time break or self-exclusion (3750 PlayerExcluded, with
 * until when). Bets, purchases, bonus claims, logins and spins call it.
 */
export async function assertMayPlay(executor: DbExecutor, userId: number, now = new Date()): Promise<void> {
  const exclusion = await activeExclusion(executor, userId, now);
  if (exclusion) {
    throw new AppError('PlayerExcluded', exclusionMessage(exclusion), {
      kind: exclusion.kind,
      until: exclusion.endsAt?.toISOString() ?? null,
    });
  }
}

/** The limits in force at `now` (a raise or removal counts once its 24 hours have passed), in hundredths. */
export async function limitsInForce(executor: DbExecutor, userId: number, now = new Date()): Promise<Partial<Record<LimitKind, number>>> {
  const rows = await executor.select().from(responsiblePlayLimits).where(eq(responsiblePlayLimits.userId, userId));
  const result: Partial<Record<LimitKind, number>> = {};
  for (const row of rows) {
    const limit = limitInForce(row, now);
    if (limit) result[row.kind] = limit.amount;
  }
  return result;
}

/** SC wagered (net of rollbacks) in the current day, week and month, in hundredths. */
export async function betTotals(executor: DbExecutor, userId: number, now = new Date()): Promise<Totals> {
  const starts = periodStarts(now);
  const earliest = starts.weekly < starts.monthly ? starts.weekly : starts.monthly;
  const [row] = await queryRows<{ daily: string; weekly: string; monthly: string }>(
    executor,
    sql`select
          coalesce(sum(amount) filter (where day >= ${utcDay(starts.daily)}::date), 0) as daily,
          coalesce(sum(amount) filter (where day >= ${utcDay(starts.weekly)}::date), 0) as weekly,
          coalesce(sum(amount) filter (where day >= ${utcDay(starts.monthly)}::date), 0) as monthly
        from responsible_play_bet_days
        where user_id = ${userId} and day >= ${utcDay(earliest)}::date`,
  );
  return { daily: Number(row?.daily ?? 0), weekly: Number(row?.weekly ?? 0), monthly: Number(row?.monthly ?? 0) };
}

/**
 * Purchases counted against the deposit limits, in cents: every purchase reserved for charging in
 * the period that has not failed (paid, being paid, or waiting for its 3-D Secure step).
 */
export async function depositTotals(executor: DbExecutor, userId: number, now = new Date()): Promise<Totals> {
  const starts = periodStarts(now);
  const earliest = starts.weekly < starts.monthly ? starts.weekly : starts.monthly;
  const counted = [transactionStatus.pending, transactionStatus.inProcess, transactionStatus.success];
  const [row] = await queryRows<{ daily: string; weekly: string; monthly: string }>(
    executor,
    sql`select
          coalesce(sum(amount) filter (where limit_reserved_at >= ${starts.daily.toISOString()}::timestamptz), 0) as daily,
          coalesce(sum(amount) filter (where limit_reserved_at >= ${starts.weekly.toISOString()}::timestamptz), 0) as weekly,
          coalesce(sum(amount) filter (where limit_reserved_at >= ${starts.monthly.toISOString()}::timestamptz), 0) as monthly
        from payment_intents
        where user_id = ${userId} and limit_reserved_at >= ${earliest.toISOString()}::timestamptz
          and status in (${sql.join(
            counted.map((status) => sql`${status}`),
            sql`, `,
          )})`,
  );
  return { daily: Number(row?.daily ?? 0), weekly: Number(row?.weekly ?? 0), monthly: Number(row?.monthly ?? 0) };
}

export interface LimitVerdict {
  limitReached: boolean;
  /** The limit that would be passed (hundredths), and what is left of it. */
  kind: LimitKind | null;
  limitAmount: number | null;
  remaining: number | null;
}

/** Would spending `amount` more pass one of these limits? The tightest one is named. */
function verdict(kinds: readonly LimitKind[], limits: Partial<Record<LimitKind, number>>, totals: Totals, amount: number): LimitVerdict {
  let worst: LimitVerdict = { limitReached: false, kind: null, limitAmount: null, remaining: null };
  for (const kind of kinds) {
    const limit = limits[kind];
    if (limit === undefined) continue;
    const remaining = Math.max(0, limit - totals[limitPeriodOf(kind)]);
    if (amount > remaining && (worst.remaining === null || remaining < worst.remaining)) {
      worst = { limitReached: true, kind, limitAmount: limit, remaining };
    }
  }
  return worst;
}

/** Checks a purchase of `amount` cents against the deposit limits (read in the caller's transaction). */
export async function depositLimitVerdict(executor: DbExecutor, userId: number, amount: number, now = new Date()): Promise<LimitVerdict> {
  const [limits, totals] = await Promise.all([limitsInForce(executor, userId, now), depositTotals(executor, userId, now)]);
  return verdict(depositLimitKinds, limits, totals, amount);
}

export function depositLimitMessage(result: LimitVerdict): string {
  return responsiblePlayMessages.depositLimitReached(result.kind!, fromHundredths(result.remaining ?? 0).toFixed(2));
}
