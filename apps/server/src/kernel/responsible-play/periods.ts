import type { LimitPeriod } from '@casino/contracts/responsible-play';

/**
 * The periods limits are counted over: calendar periods in UTC. A day starts at
 * 00:00 UTC, a week on Monday 00:00 UTC, a month on its 1st at 00:00 UTC. Each starts empty.
 */
export type PeriodStarts = Record<LimitPeriod, Date>;

export function periodStarts(now: Date): PeriodStarts {
  const daily = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (daily.getUTCDay() + 6) % 7;
  const weekly = new Date(daily.getTime() - sinceMonday * 86_400_000);
  const monthly = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { daily, weekly, monthly };
}

/** YYYY-MM-DD of the UTC day. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The same moment `months` calendar months later (UTC). */
export function addUtcMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}
