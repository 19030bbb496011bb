import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxWinAt, maxWinMultiplier, slotMaxWin } from './max-win.js';
import { PAYLINES_10 } from '@casino/contracts/game-math/paylines';
import { playScratch } from '@casino/contracts/game-math/scratch';
import { scratchProfiles } from '@casino/contracts/game-math/scratch-profiles';
import { slotOutcomeAt, spinSlot } from '@casino/contracts/game-math/slot';
import { slotProfiles } from '@casino/contracts/game-math/slot-profiles';
import type { PayTriple, SlotProfile, SlotSymbolId } from '@casino/contracts/game-math/slot-types';
import { scriptedRng, seededRng } from './test-rng.js';
import { titles } from './titles.js';

/**
 * The most one round of a title can pay (docs/decisions/058-win-limits.md): the wallet refuses any win of an
 * in-house title above it. It must be a true bound (no outcome pays more) and, so that the
 * limit refuses nothing the game can pay, it must be reached by an outcome the engine plays.
 */

const slot = (profile: SlotProfile) => ({ kind: 'slot', profile }) as const;

/** The largest win over every stop combination, played through the engine. */
function exhaustiveMaxWin(profile: SlotProfile, bet: number): number {
  const lengths = profile.reels.map((strip) => strip.length);
  const combos = lengths.reduce((a, b) => a * b, 1);
  let most = 0;
  for (let index = 0; index < combos; index += 1) {
    let rest = index;
    const stops = lengths.map((length) => {
      const stop = rest % length;
      rest = Math.floor(rest / length);
      return stop;
    });
    most = Math.max(most, slotOutcomeAt(profile, bet, stops).totalWin);
  }
  return most;
}

describe('the maximum win of a slot', () => {
  it('is the largest win over every stop combination, for random small profiles', () => {
    const symbol = fc.constantFrom<SlotSymbolId>('wild', 'scatter', 'h1', 'h2', 'l1');
    const triple = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(50)).map(([a, b, c]): PayTriple => [a, a + b, a + b + c]);
    const profileArb = fc
      .record({
        reels: fc.array(fc.array(symbol, { minLength: 3, maxLength: 5 }), { minLength: 5, maxLength: 5 }),
        lines: fc.uniqueArray(fc.integer({ min: 0, max: PAYLINES_10.length - 1 }), { minLength: 1, maxLength: 6 }),
        wild: fc.option(triple, { nil: undefined }),
        h1: triple,
        h2: triple,
        l1: triple,
        scatter: triple,
      })
      .map(({ reels, lines, wild, h1, h2, l1, scatter }): SlotProfile => {
        const hasScatter = reels.some((strip) => strip.includes('scatter'));
        return {
          kind: 'slot',
          id: 'random',
          volatility: 'low',
          paylines: lines.map((index) => PAYLINES_10[index]!),
          reels,
          linePays: wild ? { wild, h1, h2, l1 } : { h1, h2, l1 },
          ...(hasScatter ? { scatterPays: scatter } : {}),
          betSteps: [lines.length],
        };
      });
    fc.assert(
      fc.property(profileArb, (profile) => {
        const bet = profile.paylines.length;
        expect(maxWinAt(slot(profile), bet)).toBe(exhaustiveMaxWin(profile, bet));
      }),
      { numRuns: 40 },
    );
  });

  it.each(slotProfiles.map((profile) => [profile.id, profile] as const))('of %s is paid by the stops it names', (_id, profile) => {
    const { stops } = slotMaxWin(profile);
    for (const bet of profile.betSteps) expect(slotOutcomeAt(profile, bet, stops).totalWin).toBe(maxWinAt(slot(profile), bet));
  });

  it.each(slotProfiles.map((profile) => [profile.id, profile] as const))('of %s is never passed by seeded spins', (_id, profile) => {
    const rng = seededRng(0x5eed);
    const bet = profile.betSteps[0]!;
    const most = maxWinAt(slot(profile), bet);
    let largest = 0;
    for (let spin = 0; spin < 20_000; spin += 1) largest = Math.max(largest, spinSlot(profile, bet, rng).totalWin);
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(most);
  });

  it('is pinned per profile, in line bets, so that a change of the math is a deliberate one', () => {
    expect(Object.fromEntries(slotProfiles.map((profile) => [profile.id, slotMaxWin(profile).lineBets]))).toEqual({
      'steady-low': 700,
      'balanced-medium': 6_385,
      'fruit-classic': 3_500,
      'scatter-storm': 15_400,
      'mega-jackpot': 7_500,
    });
  });
});

describe('the maximum win of a scratch card', () => {
  it.each(scratchProfiles.map((profile) => [profile.id, profile] as const))(
    'of %s is its top prize, and a card pays it',
    (_id, profile) => {
      const bet = profile.betSteps[0]!;
      const top = Math.max(...profile.tiers.map((tier) => tier.multiplier));
      expect(maxWinAt({ kind: 'scratch', profile }, bet)).toBe(top * bet);
      // The ticket that draws the top tier (tiers are drawn in order, by weight).
      const index = profile.tiers.findIndex((tier) => tier.multiplier === top);
      const ticket = profile.tiers.slice(0, index).reduce((sum, tier) => sum + tier.weight, 0);
      expect(playScratch(profile, bet, scriptedRng([ticket], seededRng(1))).totalWin).toBe(top * bet);
      const rng = seededRng(0x5eed);
      for (let card = 0; card < 20_000; card += 1) expect(playScratch(profile, bet, rng).totalWin).toBeLessThanOrEqual(top * bet);
    },
  );
});

describe("the multiplier the games catalogue keeps for a title's limit", () => {
  it('holds the maximum at every bet step of every title, by less than one bet', () => {
    for (const title of titles) {
      const multiplier = maxWinMultiplier(title);
      expect(Number.isSafeInteger(multiplier), title.id).toBe(true);
      for (const bet of title.betSteps) {
        const most = maxWinAt(title, bet);
        expect(most, title.id).toBeLessThanOrEqual(multiplier * bet);
        expect(most, title.id).toBeGreaterThan((multiplier - 1) * bet);
      }
    }
  });
});
