import { randomInt } from 'node:crypto';

/**
 * The only source of randomness the engines accept. Outcomes are a pure
 * function of (math profile, bet, rng draws): nothing about the player
 * (balance, history, session) can reach an engine, so it cannot be used to
 * steer results.
 */
export interface Rng {
  /** Uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

/**
 * `crypto.randomInt` accepts ranges below 2^48; profiles are validated against
 * this so a live draw can never throw halfway through a round.
 */
export const MAX_RNG_RANGE = 2 ** 48;

export function assertRngRange(maxExclusive: number): void {
  if (!Number.isSafeInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > MAX_RNG_RANGE) {
    throw new RangeError(`rng range must be an integer in [1, 2^48], got ${maxExclusive}`);
  }
}

/** Production RNG: CSPRNG-backed and free of modulo bias (randomInt rejects). */
export const cryptoRng: Rng = {
  int(maxExclusive: number): number {
    assertRngRange(maxExclusive);
    return randomInt(maxExclusive);
  },
};
