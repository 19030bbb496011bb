import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidBetError, InvalidProfileError } from '@casino/contracts/game-math/errors';
import { PAYLINES_10 } from '@casino/contracts/game-math/paylines';
import { evaluateLine, slotOutcomeAt, slotRtpExact, spinSlot } from '@casino/contracts/game-math/slot';
import { slotProfiles } from '@casino/contracts/game-math/slot-profiles';
import {
  REEL_COUNT,
  ROW_COUNT,
  type Payline,
  type PayTriple,
  type SlotOutcome,
  type SlotProfile,
  type SlotSymbolId,
} from '@casino/contracts/game-math/slot-types';
import { scriptedRng, seededRng } from './test-rng.js';

/**
 * Independent oracle for the line rule, written differently from the engine:
 * for each paying symbol, turn every wild into that symbol and count the
 * leading run; the wild's own pay counts literal leading wilds. Best pay wins.
 */
function oracleLinePay(profile: SlotProfile, cells: readonly SlotSymbolId[]): number {
  let best = 0;
  for (const [symbol, pays] of Object.entries(profile.linePays) as [SlotSymbolId, PayTriple][]) {
    const read = symbol === 'wild' ? cells : cells.map((cell) => (cell === 'wild' ? symbol : cell));
    const firstOther = read.findIndex((cell) => cell !== symbol);
    const run = firstOther === -1 ? read.length : firstOther;
    if (run >= 3) best = Math.max(best, pays[run - 3] ?? 0);
  }
  return best;
}

function cellsOf(outcome: SlotOutcome, line: Payline): SlotSymbolId[] {
  return line.map((row, reel) => outcome.grid[row]![reel]!);
}

/** Small profile whose strips put two scatters in one window and wrap around. */
const tiny: SlotProfile = {
  kind: 'slot',
  id: 'tiny',
  volatility: 'low',
  paylines: [
    [0, 0, 0, 0, 0],
    [1, 1, 1, 1, 1],
    [0, 1, 2, 1, 0],
  ],
  reels: [
    ['h1', 'wild', 'l1', 'scatter'],
    ['l1', 'h1', 'scatter', 'wild', 'h1'],
    ['scatter', 'h1', 'scatter', 'l1'],
    ['wild', 'l1', 'h1'],
    ['h1', 'scatter', 'l1', 'l1', 'wild'],
  ],
  linePays: { wild: [10, 20, 50], h1: [5, 15, 40], l1: [1, 2, 5] },
  scatterPays: [2, 5, 20],
  betSteps: [3, 6],
};

/** Plays every stop combination once through the real engine. */
function exhaustiveTotalWin(profile: SlotProfile, bet: number): { total: number; combos: number } {
  const lengths = profile.reels.map((strip) => strip.length);
  const combos = lengths.reduce((a, b) => a * b, 1);
  let total = 0;
  for (let index = 0; index < combos; index += 1) {
    let rest = index;
    const stops = lengths.map((length) => {
      const stop = rest % length;
      rest = Math.floor(rest / length);
      return stop;
    });
    total += spinSlot(profile, bet, scriptedRng(stops)).totalWin;
  }
  return { total, combos };
}

describe('line rule', () => {
  const noWildPay: SlotProfile = { ...tiny, id: 'tiny-no-wild-pay', linePays: { h1: [5, 15, 40], l1: [1, 2, 5] } };

  it.each<[string, SlotProfile, SlotSymbolId[], { symbol: SlotSymbolId; count: number; multiplier: number } | null]>([
    ['wilds extend a symbol run', tiny, ['wild', 'wild', 'h1', 'h1', 'l1'], { symbol: 'h1', count: 4, multiplier: 15 }],
    ['the best interpretation wins', tiny, ['wild', 'wild', 'wild', 'l1', 'h1'], { symbol: 'wild', count: 3, multiplier: 10 }],
    ['five wilds pay the wild top pay', tiny, ['wild', 'wild', 'wild', 'wild', 'wild'], { symbol: 'wild', count: 5, multiplier: 50 }],
    ['a scatter breaks the run', tiny, ['h1', 'scatter', 'h1', 'h1', 'h1'], null],
    ['two of a kind pays nothing', tiny, ['l1', 'l1', 'h1', 'h1', 'h1'], null],
    [
      'without wild pays, wilds become the best symbol',
      noWildPay,
      ['wild', 'wild', 'wild', 'l1', 'l2'],
      { symbol: 'h1', count: 3, multiplier: 5 },
    ],
  ])('%s', (_name, profile, cells, expected) => {
    expect(evaluateLine(profile, cells)).toEqual(expected);
    expect(evaluateLine(profile, cells)?.multiplier ?? 0).toBe(oracleLinePay(profile, cells));
  });
});

describe('spinSlot', () => {
  const cases = fc.record({
    profile: fc.constantFrom(...slotProfiles),
    seed: fc.integer(),
    betIndex: fc.nat(),
  });

  it('shows exactly the strips at the drawn stops and pays what the grid shows', () => {
    fc.assert(
      fc.property(cases, ({ profile, seed, betIndex }) => {
        const bet = profile.betSteps[betIndex % profile.betSteps.length]!;
        const outcome = spinSlot(profile, bet, seededRng(seed));
        expect(outcome.stops).toHaveLength(REEL_COUNT);
        expect(outcome.grid).toHaveLength(ROW_COUNT);
        for (let reel = 0; reel < REEL_COUNT; reel += 1) {
          const strip = profile.reels[reel]!;
          for (let row = 0; row < ROW_COUNT; row += 1) {
            expect(outcome.grid[row]![reel]).toBe(strip[(outcome.stops[reel]! + row) % strip.length]);
          }
        }
        const lineBet = bet / profile.paylines.length;
        expect(outcome.lineBet).toBe(lineBet);
        const expectedLines = profile.paylines.flatMap((line, index) => {
          const pay = oracleLinePay(profile, cellsOf(outcome, line));
          return pay > 0 ? [{ line: index, amount: pay * lineBet }] : [];
        });
        expect(outcome.lineWins.map(({ line, amount }) => ({ line, amount }))).toEqual(expectedLines);
        for (const win of outcome.lineWins) {
          const payline = profile.paylines[win.line]!;
          expect(win.positions).toEqual(payline.slice(0, win.count).map((row, reel) => ({ reel, row })));
          expect(win.positions.every(({ reel, row }) => [win.symbol, 'wild'].includes(outcome.grid[row]![reel]!))).toBe(true);
        }
        const scatters = outcome.grid.flat().filter((symbol) => symbol === 'scatter').length;
        const scatterMultiple = scatters >= 3 && profile.scatterPays ? (profile.scatterPays[Math.min(scatters, 5) - 3] ?? 0) : 0;
        expect(outcome.scatterWin?.amount ?? 0).toBe(scatterMultiple * bet);
        expect(outcome.scatterWin?.positions.length ?? scatters).toBe(scatters);
        const sum = outcome.lineWins.reduce((total, win) => total + win.amount, outcome.scatterWin?.amount ?? 0);
        expect(outcome.totalWin).toBe(sum);
        expect(Number.isSafeInteger(outcome.totalWin)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('produces line and scatter wins in practice (the checks above are not vacuous)', () => {
    const rng = seededRng(7);
    let lineWins = 0;
    let scatterWins = 0;
    for (const profile of slotProfiles) {
      for (let i = 0; i < 3000; i += 1) {
        const outcome = spinSlot(profile, profile.betSteps[0]!, rng);
        lineWins += outcome.lineWins.length;
        if (outcome.scatterWin) scatterWins += 1;
      }
    }
    expect(lineWins).toBeGreaterThan(1000);
    expect(scatterWins).toBeGreaterThan(10);
  });

  it('refuses a bet that is not a bet step, before drawing anything', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...slotProfiles),
        fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.double(), fc.constant(Number.NaN)),
        (profile, bet) => {
          fc.pre(!profile.betSteps.includes(bet));
          const rng = scriptedRng([]);
          expect(() => spinSlot(profile, bet, rng)).toThrow(InvalidBetError);
          expect(rng.ranges).toEqual([]);
        },
      ),
    );
    const error = (() => {
      try {
        spinSlot(slotProfiles[0]!, 15, seededRng(1));
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(InvalidBetError);
    expect(error).toMatchObject({ code: 'INVALID_BET', bet: 15 });
  });

  it('depends only on the rng: one draw per reel, sized to the strip, and nothing else', () => {
    fc.assert(
      fc.property(fc.constantFrom(...slotProfiles), fc.integer(), (profile, seed) => {
        const bet = profile.betSteps[0]!;
        expect(spinSlot(profile, bet, seededRng(seed))).toEqual(spinSlot(profile, bet, seededRng(seed)));
        const scripted = scriptedRng([], seededRng(seed));
        const outcome = spinSlot(profile, bet, scripted);
        expect(scripted.ranges).toEqual(profile.reels.map((strip) => strip.length));
        expect(spinSlot(profile, bet, scriptedRng(outcome.stops))).toEqual(outcome);
        expect(slotOutcomeAt(profile, bet, outcome.stops)).toEqual(outcome);
      }),
      { numRuns: 50 },
    );
  });
});

describe('profiles', () => {
  const { scatterPays: _dropped, ...withoutScatterPays } = tiny;
  it.each<[string, SlotProfile]>([
    ['a bet step that does not split over the lines', { ...tiny, betSteps: [4] }],
    ['four reels', { ...tiny, reels: tiny.reels.slice(0, 4) }],
    ['a scatter without scatter pays', withoutScatterPays],
    ['decreasing pays', { ...tiny, linePays: { h1: [5, 4, 40] } }],
    ['a payline off the grid', { ...tiny, paylines: [[0, 0, 3, 0, 0]] }],
  ])('rejects %s', (_name, broken) => {
    expect(() => spinSlot({ ...broken, id: 'broken' }, 3, seededRng(1))).toThrow(InvalidProfileError);
  });

  it('are frozen once used, so a cached RTP can never go stale', () => {
    const profile = slotProfiles[0]!;
    spinSlot(profile, profile.betSteps[0]!, seededRng(1));
    expect(() => {
      (profile.linePays as Record<string, unknown>)['h1'] = [0, 0, 0];
    }).toThrow(TypeError);
    expect(() => {
      (profile.reels[0] as SlotSymbolId[])[0] = 'wild';
    }).toThrow(TypeError);
  });
});

describe('slotOutcomeAt', () => {
  it('refuses stops that are not on the reels', () => {
    const profile = slotProfiles[0]!;
    const bet = profile.betSteps[0]!;
    for (const stops of [
      [0, 0, 0, 0],
      [0, 0, 0, 0, profile.reels[4]!.length],
      [0, 0, -1, 0, 0],
      [0, 0.5, 0, 0, 0],
    ]) {
      expect(() => slotOutcomeAt(profile, bet, stops)).toThrow(RangeError);
    }
  });
});

describe('slotRtp (exact) equals the engine averaged over every stop combination', () => {
  it('for a hand-made profile with wrapping and stacked scatters', () => {
    const { total, combos } = exhaustiveTotalWin(tiny, 3);
    const exact = slotRtpExact(tiny);
    expect(exact.denominator).toBe(combos);
    // Sum of wins / bet is the exact numerator: integer equality, no tolerance.
    expect(total / 3).toBe(exact.numerator);
  });

  it('for random small profiles', () => {
    const symbol = fc.constantFrom<SlotSymbolId>('wild', 'scatter', 'h1', 'h2', 'l1');
    const triple = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(50)).map(([a, b, c]): PayTriple => [a, a + b, a + b + c]);
    const profileArb = fc
      .record({
        reels: fc.array(fc.array(symbol, { minLength: 3, maxLength: 5 }), { minLength: 5, maxLength: 5 }),
        lines: fc.uniqueArray(fc.integer({ min: 0, max: PAYLINES_10.length - 1 }), { minLength: 1, maxLength: 4 }),
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
        const { total, combos } = exhaustiveTotalWin(profile, bet);
        const exact = slotRtpExact(profile);
        expect(exact.denominator).toBe(combos);
        expect(total / bet).toBe(exact.numerator);
      }),
      { numRuns: 25 },
    );
  });
});
