import { describe, expect, it } from 'vitest';
import { assertAllowedBet, defaultBetFor, slotBetSteps } from '@casino/contracts/game-math/bets';
import { InvalidBetError } from '@casino/contracts/game-math/errors';

describe('bet ladders', () => {
  it('scales the ladder so every slot bet is a whole multiple of the line count', () => {
    expect(slotBetSteps(10)).toEqual([10, 20, 50, 100, 200, 500, 1000]);
    expect(slotBetSteps(20)).toEqual([20, 40, 100, 200, 400, 1000, 2000]);
    for (const lines of [5, 9, 10, 20, 25, 40]) {
      for (const bet of slotBetSteps(lines)) expect(bet % lines).toBe(0);
    }
  });

  it('defaults to the step nearest 1.00', () => {
    expect(defaultBetFor([20, 40, 100, 200])).toBe(100);
    expect(defaultBetFor([25, 50, 125])).toBe(125);
    expect(() => defaultBetFor([])).toThrow(RangeError);
  });

  it('accepts only listed integer bets', () => {
    expect(() => assertAllowedBet(100, [50, 100])).not.toThrow();
    for (const bet of [99, 100.5, Number.NaN, -100]) {
      expect(() => assertAllowedBet(bet, [50, 100])).toThrow(InvalidBetError);
    }
  });
});
