import type { Rng } from './rng.js';

/**
 * TEST-ONLY deterministic RNG (mulberry32). Never wire this into a live round:
 * it is predictable by design so tests and simulations are reproducible.
 */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  const next32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    int(maxExclusive: number): number {
      if (!Number.isSafeInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) {
        throw new RangeError(`seededRng supports ranges in [1, 2^32], got ${maxExclusive}`);
      }
      // Rejection sampling: drop the top partial block so every value is equally likely.
      const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
      let value = next32();
      while (value >= limit) value = next32();
      return value % maxExclusive;
    },
  };
}
