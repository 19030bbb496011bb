import { BASE_BET_STEPS } from './bets.js';
import type { ScratchProfile } from './scratch-types.js';

/*
 * Certified scratch math: RTP = sum(weight * multiplier) / (sum(weights) + noWinWeight).
 * Multipliers are integer multiples of the bet, so every prize is exact.
 * Exact RTPs are pinned in scratch-profiles.test.ts.
 */

/** Frequent small prizes: ~46% of cards win, mostly 1x-3x. */
export const luckyLow: ScratchProfile = {
  kind: 'scratch',
  id: 'lucky-low',
  volatility: 'low',
  tiers: [
    { symbol: 'p1', multiplier: 1, weight: 1200 },
    { symbol: 'p2', multiplier: 2, weight: 500 },
    { symbol: 'p3', multiplier: 3, weight: 250 },
    { symbol: 'p4', multiplier: 5, weight: 120 },
    { symbol: 'p5', multiplier: 10, weight: 40 },
    { symbol: 'p6', multiplier: 25, weight: 10 },
    { symbol: 'p7', multiplier: 100, weight: 2 },
  ],
  noWinWeight: 2510,
  betSteps: BASE_BET_STEPS,
};

/** Eight prize levels up to 1000x. */
export const classicMedium: ScratchProfile = {
  kind: 'scratch',
  id: 'classic-medium',
  volatility: 'medium',
  tiers: [
    { symbol: 'p1', multiplier: 1, weight: 800 },
    { symbol: 'p2', multiplier: 2, weight: 400 },
    { symbol: 'p3', multiplier: 5, weight: 150 },
    { symbol: 'p4', multiplier: 10, weight: 60 },
    { symbol: 'p5', multiplier: 20, weight: 25 },
    { symbol: 'p6', multiplier: 50, weight: 8 },
    { symbol: 'p7', multiplier: 200, weight: 2 },
    { symbol: 'p8', multiplier: 1000, weight: 1 },
  ],
  noWinWeight: 4080,
  betSteps: BASE_BET_STEPS,
};

/** Fewer, bigger prizes; a fifth of the return sits in the 1000x top prize. */
export const bigPrizeHigh: ScratchProfile = {
  kind: 'scratch',
  id: 'big-prize-high',
  volatility: 'high',
  tiers: [
    { symbol: 'p1', multiplier: 2, weight: 600 },
    { symbol: 'p2', multiplier: 4, weight: 200 },
    { symbol: 'p3', multiplier: 10, weight: 80 },
    { symbol: 'p4', multiplier: 25, weight: 24 },
    { symbol: 'p5', multiplier: 100, weight: 6 },
    { symbol: 'p6', multiplier: 1000, weight: 1 },
  ],
  noWinWeight: 4408,
  betSteps: BASE_BET_STEPS,
};

export const scratchProfiles: readonly ScratchProfile[] = [luckyLow, classicMedium, bigPrizeHigh];
