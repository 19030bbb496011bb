import { createHmac, createSecretKey } from 'node:crypto';
import { fairMessage, fairRng } from '@casino/contracts/game-math/fair-draw';
import type { Rng } from '@casino/contracts/game-math/rng';

/*
 * TEST-ONLY RNGs. Never wire these into a live round: they are predictable by
 * design so tests and simulations are reproducible (fairRounds is the live draw
 * over a fixed, public seed).
 */

/** Deterministic mulberry32 stream with unbiased range reduction. */
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

/**
 * Returns the given draws in order (each must fit the requested range), then
 * defers to `fallback`. Lets tests force a specific outcome, e.g. every reel
 * stop combination, and records every range the engine asked for.
 */
export function scriptedRng(draws: readonly number[], fallback?: Rng): Rng & { readonly ranges: number[] } {
  let index = 0;
  const ranges: number[] = [];
  return {
    ranges,
    int(maxExclusive: number): number {
      ranges.push(maxExclusive);
      const draw = draws[index];
      index += 1;
      if (draw === undefined) {
        if (fallback) return fallback.int(maxExclusive);
        throw new RangeError('scriptedRng ran out of draws');
      }
      if (!Number.isInteger(draw) || draw < 0 || draw >= maxExclusive) {
        throw new RangeError(`scripted draw ${draw} is outside [0, ${maxExclusive})`);
      }
      return draw;
    },
  };
}

/**
 * The live draw (fair-draw.ts) over one seed pair, a round per nonce from 0: each call answers
 * the next round's Rng, as a player's rounds draw them. For the RTP simulations "on the new draw";
 * the key object is made once, where the server makes one per round.
 */
export function fairRounds(label: string): () => Rng {
  const key = createSecretKey(createHmac('sha256', 'rtp-simulation').update(label).digest());
  let nonce = 0;
  return () => {
    const round = nonce;
    nonce += 1;
    return fairRng((cursor) =>
      createHmac('sha256', key)
        .update(fairMessage(label, round, cursor))
        .digest(),
    );
  };
}
