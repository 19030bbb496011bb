import { describe, expect, it } from 'vitest';
import { playScratch, scratchRtp, scratchRtpExact } from '@casino/contracts/game-math/scratch';
import { scratchProfiles } from '@casino/contracts/game-math/scratch-profiles';
import type { ScratchProfile, ScratchSymbolId } from '@casino/contracts/game-math/scratch-types';
import { chiSquareCritical, sampleReturns } from './test-stats.js';
import { fairRounds } from './test-rng.js';

/* Certified numbers; edit together with the prize table, on purpose. */
const PINNED: Readonly<Record<string, readonly [numerator: number, denominator: number]>> = {
  'lucky-low': [4400, 4632],
  'classic-medium': [5250, 5526],
  'big-prize-high': [5000, 5319],
};

const ROUNDS = 400_000;

describe.each(scratchProfiles.map((profile) => [profile.id, profile] as const))('scratch profile %s', (id, profile) => {
  it('has the pinned exact RTP, within 90%-97%', () => {
    const { numerator, denominator } = scratchRtpExact(profile);
    expect([numerator, denominator]).toEqual(PINNED[id]);
    expect(scratchRtp(profile)).toBeGreaterThanOrEqual(0.9);
    expect(scratchRtp(profile)).toBeLessThanOrEqual(0.97);
  });

  it('pays its exact RTP and draws tiers at their weights when simulated', () => {
    // On the live draw: one seed pair, a round per nonce (fair-draw.ts).
    const nextRound = fairRounds(`scratch-rtp-${id}`);
    const bet = profile.betSteps[0]!;
    const seen = new Map<ScratchSymbolId | null, number>();
    const sample = sampleReturns(ROUNDS, () => {
      const outcome = playScratch(profile, bet, nextRound());
      seen.set(outcome.winningSymbol, (seen.get(outcome.winningSymbol) ?? 0) + 1);
      return outcome.totalWin / bet;
    });
    expect(Math.abs(sample.mean - scratchRtp(profile))).toBeLessThan(4 * sample.stderr);

    // Goodness of fit per tier (and the loss), which catches a mis-weighted
    // tier even where the RTP check alone lacks power (rare big prizes).
    const total = profile.tiers.reduce((sum, tier) => sum + tier.weight, profile.noWinWeight);
    const cells: [ScratchSymbolId | null, number][] = [
      ...profile.tiers.map((tier): [ScratchSymbolId, number] => [tier.symbol, tier.weight]),
      [null, profile.noWinWeight],
    ];
    const chiSquare = cells.reduce((sum, [symbol, weight]) => {
      const expected = (ROUNDS * weight) / total;
      return sum + ((seen.get(symbol) ?? 0) - expected) ** 2 / expected;
    }, 0);
    expect(chiSquare).toBeLessThan(chiSquareCritical(cells.length - 1, 3.09));

    // Power: the same sample must reject a table whose smallest prize pays double.
    const [first, ...rest] = profile.tiers;
    const wrong: ScratchProfile = { ...profile, tiers: [{ ...first!, multiplier: first!.multiplier * 2 }, ...rest] };
    expect(Math.abs(sample.mean - scratchRtp(wrong))).toBeGreaterThan(4 * sample.stderr);
  });
});
