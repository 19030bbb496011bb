import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/**
 * Failed logins are limited per account and per address (issue 3 point 4), counted in the
 * database so that the limit holds across server processes. A throttled login is refused before
 * the password is even checked, with the time to wait.
 */
export interface LoginThrottleLimits {
  windowSeconds: number;
  perAccount: number;
  perAddress: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleLimits = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 20 };

export interface LoginThrottle {
  /** Throws TooManyRequests (429, 3004) while the account or the address is over its limit. */
  assertAllowed(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
  /** A successful login forgets the account's failures. */
  clear(email: string): Promise<void>;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function createLoginThrottle(db: Database, limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE): LoginThrottle {
  const windowStart = () => new Date(Date.now() - limits.windowSeconds * 1000);

  /** Seconds until the oldest failure that keeps the key over its limit leaves the window. */
  async function secondsBlocked(column: typeof loginFailures.email | typeof loginFailures.ip, value: string, limit: number) {
    const recent = await db
      .select({ createdAt: loginFailures.createdAt })
      .from(loginFailures)
      .where(and(eq(column, value), gt(loginFailures.createdAt, windowStart())))
      .orderBy(sql`${loginFailures.createdAt} desc`)
      .limit(limit);
    if (recent.length < limit) return 0;
    const oldestCounted = recent[recent.length - 1]!.createdAt.getTime();
    return Math.max(1, Math.ceil((oldestCounted + limits.windowSeconds * 1000 - Date.now()) / 1000));
  }

  return {
    async assertAllowed(email, ip) {
      const [account, address] = await Promise.all([
        secondsBlocked(loginFailures.email, email.toLowerCase(), limits.perAccount),
        secondsBlocked(loginFailures.ip, ip, limits.perAddress),
      ]);
      const wait = Math.max(account, address);
      if (wait > 0) {
        throw new AppError('TooManyRequests', `Too many failed login attempts. Please try again in ${waitText(wait)}.`, {
          retryAfterSeconds: wait,
        });
      }
    },
    async recordFailure(email, ip) {
      await db.insert(loginFailures).values({ email: email.toLowerCase(), ip });
      // Failures older than the window no longer count; dropping them keeps the table small.
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, windowStart()));
    },
    async clear(email) {
      await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
    },
  };
}
