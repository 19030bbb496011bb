import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attemptCounters } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';

/**
 * Counters of attempts per key (an account-and-address pair, an address, an account, a mail
 * cooldown), shared by every server process through the database. An attempt is counted by one
 * upsert that also decides whether it is allowed, under the row's lock: of N simultaneous
 * attempts exactly as many as the limit leaves pass, where a check followed by
 * a separate insert let them all through.
 */
export interface AttemptRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
  /**
   * A growing delay instead of a lock: once this many attempts are counted in the window, each
   * next one must wait 1, 2, 4, ... seconds (at most maxDelaySeconds) after the previous one.
   */
  delayAfter?: number;
  maxDelaySeconds?: number;
}

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface AttemptCounters {
  /** Counts one attempt under `key` when the rule allows it; otherwise counts nothing. */
  take(key: string, rule: AttemptRule): Promise<TakeResult>;
  /** Gives one counted attempt back (it turned out not to be a guess). */
  giveBack(key: string): Promise<void>;
  /** Forgets every attempt under `key`. */
  forget(key: string): Promise<void>;
  /** Forgets the attempts of every key that starts with `prefix`. */
  forgetStartingWith(prefix: string): Promise<void>;
}

/** Rows idle this long are dropped now and then; no rule has a longer window. */
const STALE_AFTER_SECONDS = 24 * 60 * 60;

export function createAttemptCounters(db: Database): AttemptCounters {
  let takesSinceCleanup = 0;

  async function cleanUp(): Promise<void> {
    takesSinceCleanup = 0;
    await db.execute(sql`delete from attempt_counters where last_attempt_at < now() - ${STALE_AFTER_SECONDS}::int * interval '1 second'`);
  }

  return {
    async take(key, rule) {
      const window = sql`(${rule.windowSeconds}::int * interval '1 second')`;
      const delayAfter = rule.delayAfter ?? rule.limit;
      const maxDelay = rule.maxDelaySeconds ?? 0;
      // The wait the row's current count asks for before one more attempt. Below delayAfter there is
      // none, and the time is not compared: a simultaneous statement that took the row lock first
      // may have written a later now() than this one's.
      const delay = sql`(case when c.attempts < ${delayAfter}::int then 0
        else least(power(2, c.attempts - ${delayAfter}::int), ${maxDelay}::int) end * interval '1 second')`;
      const expired = sql`c.window_started_at <= now() - ${window}`;
      const taken = await queryRows<{ attempts: number }>(
        db,
        sql`insert into attempt_counters as c (key, attempts, window_started_at, last_attempt_at)
            values (${key}, 1, now(), now())
            on conflict (key) do update set
              attempts = case when ${expired} then 1 else c.attempts + 1 end,
              window_started_at = case when ${expired} then now() else c.window_started_at end,
              last_attempt_at = now()
            where ${expired} or (c.attempts < ${rule.limit}::int
              and (c.attempts < ${delayAfter}::int or c.last_attempt_at + ${delay} <= now()))
            returning c.attempts`,
      );
      takesSinceCleanup += 1;
      if (takesSinceCleanup >= 500) await cleanUp();
      if (taken.length > 0) return { allowed: true };
      const [wait] = await queryRows<{ seconds: number | string }>(
        db,
        sql`select greatest(1, ceil(extract(epoch from (
                case when c.attempts >= ${rule.limit}::int then c.window_started_at + ${window}
                     else c.last_attempt_at + ${delay} end) - now())))::int as seconds
            from attempt_counters c where c.key = ${key}`,
      );
      return { allowed: false, retryAfterSeconds: Number(wait?.seconds ?? 1) };
    },

    async giveBack(key) {
      await db
        .update(attemptCounters)
        .set({ attempts: sql`greatest(${attemptCounters.attempts} - 1, 0)` })
        .where(eq(attemptCounters.key, key));
    },

    async forget(key) {
      await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
    },

    async forgetStartingWith(prefix) {
      await db.delete(attemptCounters).where(sql`left(${attemptCounters.key}, ${prefix.length}::int) = ${prefix}`);
    },
  };
}
