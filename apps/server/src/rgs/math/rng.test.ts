import { describe, expect, it } from 'vitest';
import { cryptoRng } from './rng.js';
import { seededRng } from './test-rng.js';

describe('cryptoRng', () => {
  it('draws integers in [0, max) covering the whole range', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i += 1) {
      const value = cryptoRng.int(7);
      expect(Number.isInteger(value) && value >= 0 && value < 7).toBe(true);
      seen.add(value);
    }
    expect(seen.size).toBe(7);
    expect(cryptoRng.int(1)).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 49])('rejects the range %s', (max) => {
    expect(() => cryptoRng.int(max)).toThrow(RangeError);
  });
});

describe('seededRng (test helper)', () => {
  it('is reproducible and roughly uniform', () => {
    const draw = (rng: ReturnType<typeof seededRng>): number[] => Array.from({ length: 100_000 }, () => rng.int(10));
    const values = draw(seededRng(42));
    expect(draw(seededRng(42))).toEqual(values);
    expect(draw(seededRng(43))).not.toEqual(values);
    const counts = new Array<number>(10).fill(0);
    for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});
