import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidBetError, InvalidProfileError } from '@casino/contracts/game-math/errors';
import { playScratch, scratchHitFrequency, scratchRtpExact } from '@casino/contracts/game-math/scratch';
import { scratchProfiles } from '@casino/contracts/game-math/scratch-profiles';
import { MATCH_COUNT, SCRATCH_CELLS, type ScratchOutcome, type ScratchProfile } from '@casino/contracts/game-math/scratch-types';
import { scriptedRng, seededRng } from './test-rng.js';

function counts(cells: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const cell of cells) map.set(cell, (map.get(cell) ?? 0) + 1);
  return map;
}

function tierOf(profile: ScratchProfile, outcome: ScratchOutcome) {
  return profile.tiers.find((tier) => tier.symbol === outcome.winningSymbol);
}

describe('playScratch', () => {
  const cases = fc.record({
    profile: fc.constantFrom(...scratchProfiles),
    seed: fc.integer(),
    betIndex: fc.nat(),
  });

  it('dresses a card that shows exactly the drawn prize', () => {
    fc.assert(
      fc.property(cases, ({ profile, seed, betIndex }) => {
        const bet = profile.betSteps[betIndex % profile.betSteps.length]!;
        const outcome = playScratch(profile, bet, seededRng(seed));
        expect(outcome.cells).toHaveLength(SCRATCH_CELLS);
        const symbols = new Set(profile.tiers.map((tier) => tier.symbol));
        expect(outcome.cells.every((cell) => symbols.has(cell))).toBe(true);
        const tripled = [...counts(outcome.cells)].filter(([, n]) => n >= MATCH_COUNT);
        if (outcome.winningSymbol === null) {
          expect(tripled).toEqual([]);
          expect(outcome.winningCells).toEqual([]);
          expect(outcome.multiplier).toBe(0);
          expect(outcome.totalWin).toBe(0);
        } else {
          expect(tripled).toEqual([[outcome.winningSymbol, MATCH_COUNT]]);
          expect(outcome.winningCells).toEqual(outcome.cells.flatMap((cell, index) => (cell === outcome.winningSymbol ? [index] : [])));
          expect(outcome.multiplier).toBe(tierOf(profile, outcome)?.multiplier);
          expect(outcome.totalWin).toBe(bet * outcome.multiplier);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it.each<[string, Partial<ScratchProfile>]>([
    ['too few tiers to dress a losing card', { tiers: scratchProfiles[0]!.tiers.slice(0, 4) }],
    ['a zero multiplier', { tiers: scratchProfiles[0]!.tiers.map((t, i) => (i === 0 ? { ...t, multiplier: 0 } : t)) }],
    ['a repeated symbol', { tiers: scratchProfiles[0]!.tiers.map((t) => ({ ...t, symbol: 'p1' as const })) }],
  ])('refuses a profile with %s', (_name, change) => {
    const broken: ScratchProfile = { ...scratchProfiles[0]!, id: 'broken', ...change };
    expect(() => playScratch(broken, 100, seededRng(1))).toThrow(InvalidProfileError);
  });

  it('both wins and losses occur (the checks above are not vacuous)', () => {
    const rng = seededRng(11);
    const outcomes = Array.from({ length: 500 }, () => playScratch(scratchProfiles[0]!, 100, rng));
    expect(outcomes.some((o) => o.winningSymbol === null)).toBe(true);
    expect(outcomes.some((o) => o.winningSymbol !== null)).toBe(true);
  });

  it('maps the first draw onto the tiers in order, the last slice being the loss', () => {
    for (const profile of scratchProfiles) {
      let start = 0;
      for (const tier of profile.tiers) {
        for (const ticket of [start, start + tier.weight - 1]) {
          const outcome = playScratch(profile, 100, scriptedRng([ticket], seededRng(ticket)));
          expect(outcome.winningSymbol).toBe(tier.symbol);
        }
        start += tier.weight;
      }
      const lastTicket = start + profile.noWinWeight - 1;
      expect(playScratch(profile, 100, scriptedRng([start], seededRng(1))).winningSymbol).toBeNull();
      expect(playScratch(profile, 100, scriptedRng([lastTicket], seededRng(1))).winningSymbol).toBeNull();
    }
  });

  it('scratchRtp (exact) equals the engine averaged over every ticket of the draw', () => {
    for (const profile of scratchProfiles) {
      const { numerator, denominator } = scratchRtpExact(profile);
      let total = 0;
      let wins = 0;
      for (let ticket = 0; ticket < denominator; ticket += 1) {
        const outcome = playScratch(profile, 100, scriptedRng([ticket], seededRng(ticket)));
        total += outcome.totalWin;
        if (outcome.totalWin > 0) wins += 1;
      }
      expect(total / 100).toBe(numerator);
      expect(wins / denominator).toBe(scratchHitFrequency(profile));
    }
  });

  it('refuses a bet that is not a bet step, before drawing anything', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...scratchProfiles),
        fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.double(), fc.constant(Number.NaN)),
        (profile, bet) => {
          fc.pre(!profile.betSteps.includes(bet));
          const rng = scriptedRng([]);
          expect(() => playScratch(profile, bet, rng)).toThrow(InvalidBetError);
          expect(rng.ranges).toEqual([]);
        },
      ),
    );
  });

  it('depends only on the rng', () => {
    fc.assert(
      fc.property(fc.constantFrom(...scratchProfiles), fc.integer(), (profile, seed) => {
        expect(playScratch(profile, 50, seededRng(seed))).toEqual(playScratch(profile, 50, seededRng(seed)));
        const recorder = scriptedRng([], seededRng(seed));
        const outcome = playScratch(profile, 50, recorder);
        expect(recorder.ranges[0]).toBe(profile.tiers.reduce((sum, t) => sum + t.weight, profile.noWinWeight));
        // Replaying the same draws reproduces the same card.
        const replay = seededRng(seed);
        const values = recorder.ranges.map((range) => replay.int(range));
        expect(playScratch(profile, 50, scriptedRng(values))).toEqual(outcome);
      }),
      { numRuns: 50 },
    );
  });
});
