/**
 * The only source of randomness the engines accept. Outcomes are a pure
 * function of (math profile, bet, rng draws): nothing about the player
 * (balance, history, session) can reach an engine, so it cannot be used to
 * steer results. A live round's Rng is the provably fair draw of its seeds
 * (fair-draw.ts); tests use the seeded and scripted ones of the server's
 * rgs/math/test-rng.ts.
 */
export interface Rng {
  /** Uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

/**
 * The fair draw turns one 32-bit word into an integer below n by rejection,
 * so no range may exceed 2^32; profiles are validated against this so a live
 * draw can never throw halfway through a round.
 */
export const MAX_RNG_RANGE = 2 ** 32;

export function assertRngRange(maxExclusive: number): void {
  if (!Number.isSafeInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > MAX_RNG_RANGE) {
    throw new RangeError(`rng range must be an integer in [1, 2^32], got ${maxExclusive}`);
  }
}
