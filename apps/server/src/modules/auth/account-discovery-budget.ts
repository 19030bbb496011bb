import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { waitText } from './login-throttle.js';

/**
 * The seed's answers say whether an account exists (the username check, 3183 at login, 3053 at
 * forgot password, 3007 at sign-up, 3052 at resend) and keep their texts; what is limited is how
 * many of them anyone gets (docs/decisions/057-account-discovery-budget.md).
 * Every such answer spends one unit of two budgets, counted where the other request limits are
 * (Redis when REDIS_URL is set, else this process) and off with them (RATE_LIMIT_ENABLED):
 *
 * - per client address, all those routes together: a burst from one address is refused for the
 *   rest of its window, and the address is logged (the account asked about only as a hash);
 * - for everyone together: many addresses sharing out an enumeration are refused as a whole for
 *   the rest of a short window. An address refused by its own budget spends none of this one,
 *   so no single address can use it up for everyone else. A login from an address the account
 *   has signed in from before still goes through (the answer tells that address only about an
 *   account already used there).
 */
export interface DiscoveryLimit {
  max: number;
  /** Milliseconds, or a duration as @fastify/rate-limit reads it ('15 minutes'). */
  timeWindow: number | string;
}

export interface AccountDiscoveryLimits {
  perAddress: DiscoveryLimit;
  global: DiscoveryLimit;
}

export const ACCOUNT_DISCOVERY_LIMITS: AccountDiscoveryLimits = {
  perAddress: { max: 30, timeWindow: '15 minutes' },
  global: { max: 600, timeWindow: '1 minute' },
};

export interface AccountDiscoveryBudget {
  /**
   * Spends one answer about `account` (an e-mail or a username) for the request's address, or
   * throws TooManyRequests (429, 3004) with the wait. `familiar` says whether the account has
   * signed in from this address before; asked only when the global budget is spent.
   */
  spend(request: FastifyRequest, account: string, familiar?: () => Promise<boolean>): Promise<void>;
}

/** A refusal is logged once per address (and once for the global budget) per window and process. */
const LOGGED_KEYS_KEPT = 10_000;

/** Enough of a hash to tell probes of one account apart from another's, never the account. */
function accountHash(account: string): string {
  return createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 16);
}

export function createAccountDiscoveryBudget(
  app: FastifyInstance,
  log: Pick<FastifyBaseLogger, 'warn'>,
  limits: AccountDiscoveryLimits = ACCOUNT_DISCOVERY_LIMITS,
): AccountDiscoveryBudget {
  const perAddress = app.createRateLimit({
    ...limits.perAddress,
    keyGenerator: (request) => `account-discovery:address:${normalizeIP(request.ip)}`,
  });
  const global = app.createRateLimit({ ...limits.global, keyGenerator: () => 'account-discovery:global' });

  const loggedUntil = new Map<string, number>();
  /** Whether this key's refusal is the first of its window here. */
  function firstRefusal(key: string, retryAfterSeconds: number): boolean {
    const now = Date.now();
    if ((loggedUntil.get(key) ?? 0) > now) return false;
    if (loggedUntil.size >= LOGGED_KEYS_KEPT) loggedUntil.clear();
    loggedUntil.set(key, now + retryAfterSeconds * 1000);
    return true;
  }

  return {
    async spend(request, account, familiar) {
      const own = await perAddress(request);
      if (!own.isAllowed && own.isExceeded) {
        if (firstRefusal(own.key, own.ttlInSeconds)) {
          log.warn(
            { address: request.ip, route: request.routeOptions.url, account: accountHash(account), retryAfterSeconds: own.ttlInSeconds },
            'account discovery: this address spent its budget, its answers are refused',
          );
        }
        throw new AppError('TooManyRequests', `Too many requests from this address. Please try again in ${waitText(own.ttlInSeconds)}.`, {
          retryAfterSeconds: own.ttlInSeconds,
        });
      }
      const everyone = await global(request);
      if (everyone.isAllowed || !everyone.isExceeded) return;
      if (familiar && (await familiar())) return;
      if (firstRefusal(everyone.key, everyone.ttlInSeconds)) {
        log.warn(
          { address: request.ip, route: request.routeOptions.url, retryAfterSeconds: everyone.ttlInSeconds },
          'account discovery: the global budget is spent, answers are refused for everyone',
        );
      }
      throw new AppError('TooManyRequests', `Too many requests. Please try again in ${waitText(everyone.ttlInSeconds)}.`, {
        retryAfterSeconds: everyone.ttlInSeconds,
      });
    },
  };
}
