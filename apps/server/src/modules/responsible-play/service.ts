import { fromHundredths, toHundredths } from '@casino/contracts/money';
import type { ProfileLimits } from '@casino/contracts/profile';
import {
  formatUtcDateTime,
  isDepositLimit,
  LIMIT_INCREASE_DELAY_HOURS,
  limitKinds,
  limitPeriodOf,
  responsiblePlayMessages,
  type GamblingHistoryResponse,
  type LimitKind,
  type LimitState,
  type ResponsibleGamblingSettingResponse,
  type SelfExclusionPeriod,
  type TimeBreakDays,
} from '@casino/contracts/responsible-play';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { responsiblePlayExclusions, responsiblePlayLimits, users } from '../../db/schema/index.js';
import type { EventBus } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { LedgerService } from '../../money/ledger/types.js';
import type { SessionService } from '../../kernel/sessions/session-service.js';
import { verifyPassword } from '../auth/passwords.js';
import { betTotals, depositTotals, type Totals } from '../../kernel/responsible-play/enforcement.js';
import { limitInForce } from '../../kernel/responsible-play/limit-in-force.js';
import { addUtcMonths } from '../../kernel/responsible-play/periods.js';

/**
 * Responsible play settings (docs/decisions/014-responsible-play.md).
 *
 * Limits: a new or lower limit applies at once; a raise or a removal waits 24 hours (pending), and
 * while it waits the limit cannot be raised or removed again ('You cannot update {limit} till
 * {date}'). A limit below what was already spent in its period is refused ('You have spent total
 * ...'). Time breaks and self-exclusions end every session and socket of the player at once and
 * are never shortened. Every change runs under the player's money lock, so it is ordered with the
 * purchases and bets that read it.
 */
export type LimitsInput = Partial<Record<LimitKind, number>>;

export type ExclusionInput = { kind: 'time_break'; days: TimeBreakDays } | { kind: 'self_exclusion'; period: SelfExclusionPeriod };

export interface ResponsiblePlayService {
  history(userId: number): Promise<GamblingHistoryResponse>;
  /** The profile's part: totals per period, exact (the same figures the limits are checked against). */
  profileLimits(userId: number): Promise<ProfileLimits>;
  setLimits(userId: number, password: string, limits: LimitsInput): Promise<ResponsibleGamblingSettingResponse>;
  removeLimit(userId: number, password: string, kind: LimitKind): Promise<{ message: string }>;
  exclude(userId: number, password: string, input: ExclusionInput): Promise<ResponsibleGamblingSettingResponse>;
}

const HOUR_MS = 3_600_000;

function endOf(input: ExclusionInput, start: Date): Date | null {
  if (input.kind === 'time_break') return new Date(start.getTime() + input.days * 24 * HOUR_MS);
  switch (input.period) {
    case 'SIX_MONTHS':
      return addUtcMonths(start, 6);
    case 'ONE_YEAR':
      return addUtcMonths(start, 12);
    case 'FIVE_YEARS':
      return addUtcMonths(start, 60);
    case 'INDEFINITE':
      return null;
  }
}

function wireTotals(totals: Totals) {
  return { today: fromHundredths(totals.daily), weekly: fromHundredths(totals.weekly), monthly: fromHundredths(totals.monthly) };
}

export function createResponsiblePlayService(deps: {
  db: Database;
  bus: EventBus;
  ledger: Pick<LedgerService, 'lockPlayer'>;
  sessions: Pick<SessionService, 'revokeAllForUser'>;
}): ResponsiblePlayService {
  const { db, bus, ledger, sessions } = deps;

  async function confirmPassword(userId: number, password: string): Promise<void> {
    const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { passwordHash: true } });
    if (!user?.passwordHash) {
      throw new AppError('ConfirmPasswordWrong', 'This account has no password yet. Please set one with Forgot The Password first.');
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('ConfirmPasswordWrong');
  }

  type LimitRow = typeof responsiblePlayLimits.$inferSelect;

  /** The player's limit rows with every change whose 24 hours have passed applied (and stored), as limitInForce says. */
  async function currentLimits(tx: Transaction, userId: number, now: Date): Promise<Map<LimitKind, LimitRow>> {
    const rows = await tx.select().from(responsiblePlayLimits).where(eq(responsiblePlayLimits.userId, userId));
    const result = new Map<LimitKind, LimitRow>();
    for (const row of rows) {
      const limit = limitInForce(row, now);
      // Unchanged unless a waiting change has come due; then what is in force now is stored.
      if (limit && limit.pendingAt === row.pendingAt) {
        result.set(row.kind, row);
        continue;
      }
      const where = and(eq(responsiblePlayLimits.userId, userId), eq(responsiblePlayLimits.kind, row.kind));
      if (!limit) {
        await tx.delete(responsiblePlayLimits).where(where);
        continue;
      }
      await tx.update(responsiblePlayLimits).set(limit).where(where);
      result.set(row.kind, { ...row, ...limit });
    }
    return result;
  }

  function lockedUntilMessage(kind: LimitKind, row: LimitRow): string {
    return responsiblePlayMessages.cannotUpdateTill(kind, formatUtcDateTime(row.pendingAt!));
  }

  const service: ResponsiblePlayService = {
    async history(userId) {
      const now = new Date();
      const rows = await db.select().from(responsiblePlayLimits).where(eq(responsiblePlayLimits.userId, userId));
      const responsibleGambling = Object.fromEntries(limitKinds.map((kind) => [kind, null])) as Record<LimitKind, LimitState | null>;
      for (const row of rows) {
        const limit = limitInForce(row, now);
        if (!limit) continue;
        responsibleGambling[row.kind] = {
          amount: fromHundredths(limit.amount),
          createdAt: limit.createdAt.toISOString(),
          pendingAmount: limit.pendingAmount === null ? null : fromHundredths(limit.pendingAmount),
          pendingAt: limit.pendingAt?.toISOString() ?? null,
        };
      }
      return { responsibleGambling, ...(await service.profileLimits(userId)) };
    },

    async profileLimits(userId) {
      const now = new Date();
      const [bets, deposits] = await Promise.all([betTotals(db, userId, now), depositTotals(db, userId, now)]);
      const bet = wireTotals(bets);
      const deposit = wireTotals(deposits);
      return {
        totalBetLimits: { totalBetAmountToday: bet.today, totalBetAmountWeekly: bet.weekly, totalBetAmountMonthly: bet.monthly },
        totalDepositLimits: {
          totalDepositAmountToday: deposit.today,
          totalDepositAmountWeekly: deposit.weekly,
          totalDepositAmountMonthly: deposit.monthly,
        },
      };
    },

    async setLimits(userId, password, limits) {
      await confirmPassword(userId, password);
      const messages = await bus.run(async ({ tx }) => {
        await ledger.lockPlayer(tx, userId);
        const now = new Date();
        const current = await currentLimits(tx, userId, now);
        const [bets, deposits] = await Promise.all([betTotals(tx, userId, now), depositTotals(tx, userId, now)]);
        const notes: string[] = [];
        for (const kind of limitKinds) {
          const wire = limits[kind];
          if (wire === undefined) continue;
          const amount = toHundredths(wire);
          const spent = (isDepositLimit(kind) ? deposits : bets)[limitPeriodOf(kind)];
          if (amount < spent) {
            throw new AppError('LimitAlreadySpent', responsiblePlayMessages.alreadySpent(kind, fromHundredths(spent).toFixed(2)), {
              limitType: kind,
              spent: fromHundredths(spent),
            });
          }
          const row = current.get(kind);
          const where = and(eq(responsiblePlayLimits.userId, userId), eq(responsiblePlayLimits.kind, kind));
          if (!row) {
            await tx.insert(responsiblePlayLimits).values({ userId, kind, amount, createdAt: now });
          } else if (amount <= row.amount) {
            // Lower (or the same): protective, so at once; it also cancels a waiting raise.
            await tx.update(responsiblePlayLimits).set({ amount, createdAt: now, pendingAmount: null, pendingAt: null }).where(where);
          } else {
            if (row.pendingAt) throw new AppError('LimitChangeLocked', lockedUntilMessage(kind, row), { limitType: kind });
            const pendingAt = new Date(now.getTime() + LIMIT_INCREASE_DELAY_HOURS * HOUR_MS);
            await tx.update(responsiblePlayLimits).set({ pendingAmount: amount, pendingAt }).where(where);
            notes.push(responsiblePlayMessages.limitScheduled(kind, formatUtcDateTime(pendingAt)));
          }
        }
        return notes;
      });
      return {
        isUpdated: true,
        timebreak: false,
        selfExcluded: false,
        message: [responsiblePlayMessages.limitsUpdated, ...messages].join(' '),
      };
    },

    async removeLimit(userId, password, kind) {
      await confirmPassword(userId, password);
      return bus.run(async ({ tx }) => {
        await ledger.lockPlayer(tx, userId);
        const now = new Date();
        const row = (await currentLimits(tx, userId, now)).get(kind);
        if (!row) throw new AppError('NotFound', responsiblePlayMessages.noLimitToRemove);
        if (row.pendingAt) throw new AppError('LimitChangeLocked', lockedUntilMessage(kind, row), { limitType: kind });
        const pendingAt = new Date(now.getTime() + LIMIT_INCREASE_DELAY_HOURS * HOUR_MS);
        await tx
          .update(responsiblePlayLimits)
          .set({ pendingAmount: null, pendingAt })
          .where(and(eq(responsiblePlayLimits.userId, userId), eq(responsiblePlayLimits.kind, kind)));
        return { message: responsiblePlayMessages.limitRemovalScheduled(kind, formatUtcDateTime(pendingAt)) };
      });
    },

    async exclude(userId, password, input) {
      await confirmPassword(userId, password);
      const endsAt = await bus.run(async ({ tx, record }) => {
        await ledger.lockPlayer(tx, userId);
        const startsAt = new Date();
        const end = endOf(input, startsAt);
        await tx.insert(responsiblePlayExclusions).values({
          userId,
          kind: input.kind,
          period: input.kind === 'time_break' ? `${input.days}d` : input.period,
          startsAt,
          endsAt: end,
        });
        // The confirmation mail follows the commit; it is account mail, sent although the player
        // is excluded from marketing mail from now on (docs/decisions/062-player-mails.md).
        if (input.kind === 'time_break') {
          await record({ type: 'TimeBreakTaken', payload: { userId, endsAt: end!.toISOString() } });
        } else {
          await record({ type: 'SelfExclusionTaken', payload: { userId, endsAt: end?.toISOString() ?? null } });
        }
        return end;
      });
      // After the commit: a login racing with this either committed its session before (ended
      // here) or checks the exclusion after its own session exists and ends that one itself
      // (auth service startSession). Ending the sessions cuts their sockets in every process.
      await sessions.revokeAllForUser(userId);
      const until = endsAt ? formatUtcDateTime(endsAt) : null;
      return input.kind === 'time_break'
        ? { isUpdated: true, timebreak: true, selfExcluded: false, message: responsiblePlayMessages.timeBreakTaken(until!) }
        : { isUpdated: true, timebreak: false, selfExcluded: true, message: responsiblePlayMessages.selfExcluded(until) };
    },
  };
  return service;
}
