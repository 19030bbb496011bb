import { AppError } from '../../http/errors.js';
import type { AttemptCounters, AttemptRule } from './attempt-counters.js';

/**
 * Password guesses are limited in three ways, counted atomically in the
 * database so that simultaneous guesses cannot all pass and the limits hold across processes:
 *
 * - per account and address: 5 attempts in 15 minutes, then that address waits for that account;
 * - per address: 20 failed attempts in 15 minutes, whichever accounts it tries;
 * - per account, from addresses the account has never signed in from: after 10 attempts each
 *   next one waits 1, 2, 4 ... seconds (at most 5 minutes), 50 at most in 15 minutes.
 *
 * So nobody elsewhere can lock the owner out: the owner's own addresses meet only their own
 * pair limit. An attempt is counted before the password is checked, and given back when it
 * turns out not to be a wrong guess.
 */
export interface LoginThrottleLimits {
  perPair: AttemptRule;
  perAddress: AttemptRule;
  perAccount: AttemptRule;
}

const FIFTEEN_MINUTES = 15 * 60;

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleLimits = {
  perPair: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  perAddress: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
  perAccount: { limit: 50, windowSeconds: FIFTEEN_MINUTES, delayAfter: 10, maxDelaySeconds: 5 * 60 },
};

export interface LoginAttempt {
  /** The password was right (or the account has none): the attempt was no guess. */
  notAGuess(): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Counts a login attempt before its password is checked; throws TooManyRequests (429, 3004)
   * with the wait when a limit refuses it. `familiar`: the account has signed in from this address.
   */
  begin(email: string, ip: string, familiar: boolean): Promise<LoginAttempt>;
  /** A password reset forgets the account's attempts. */
  clear(email: string): Promise<void>;
}

/** '12 seconds', '3 minutes': the wait a refusal names. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function refusal(retryAfterSeconds: number): AppError {
  return new AppError('TooManyRequests', `Too many failed login attempts. Please try again in ${waitText(retryAfterSeconds)}.`, {
    retryAfterSeconds,
  });
}

export function createLoginThrottle(counters: AttemptCounters, limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE): LoginThrottle {
  const keys = (email: string, ip: string) => {
    const account = email.trim().toLowerCase();
    return { pair: `login:pair:${account}|${ip}`, address: `login:address:${ip}`, account: `login:account:${account}` };
  };

  return {
    async begin(email, ip, familiar) {
      const key = keys(email, ip);
      const pair = await counters.take(key.pair, limits.perPair);
      if (!pair.allowed) throw refusal(pair.retryAfterSeconds);
      const address = await counters.take(key.address, limits.perAddress);
      if (!address.allowed) {
        await counters.giveBack(key.pair);
        throw refusal(address.retryAfterSeconds);
      }
      if (!familiar) {
        const account = await counters.take(key.account, limits.perAccount);
        if (!account.allowed) {
          await Promise.all([counters.giveBack(key.pair), counters.giveBack(key.address)]);
          throw refusal(account.retryAfterSeconds);
        }
      }
      return {
        async notAGuess() {
          await Promise.all([counters.forget(key.pair), counters.giveBack(key.address), counters.forget(key.account)]);
        },
      };
    },
    async clear(email) {
      const key = keys(email, '');
      await Promise.all([counters.forget(key.account), counters.forgetStartingWith(key.pair)]);
    },
  };
}
