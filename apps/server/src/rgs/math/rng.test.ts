import { describe, expect, it } from 'vitest';
import { fairRng } from '@casino/contracts/game-math/fair-draw';
import { roundRng } from '../seed-pairs.js';
import { seededRng } from './test-rng.js';

const seeds = { serverSeed: 'ab'.repeat(32), clientSeed: 'rng-test', nonce: 0 };

describe('the fair draw (round Rng)', () => {
  it('draws integers in [0, max) covering the whole range, roughly uniformly, over many nonces', () => {
    const counts = new Array<number>(7).fill(0);
    for (let nonce = 0; nonce < 10_000; nonce += 1) {
      const rng = roundRng({ ...seeds, nonce });
      for (let draw = 0; draw < 7; draw += 1) {
        const value = rng.int(7);
        expect(Number.isInteger(value) && value >= 0 && value < 7).toBe(true);
        counts[value] = (counts[value] ?? 0) + 1;
      }
    }
    // 70,000 draws: 10,000 expected each, standard deviation about 93.
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    expect(roundRng(seeds).int(1)).toBe(0);
  });

  it('gives the same draws for the same seeds and others for another nonce or client seed', () => {
    const draw = (rng: ReturnType<typeof roundRng>) => Array.from({ length: 40 }, () => rng.int(1000));
    expect(draw(roundRng(seeds))).toEqual(draw(roundRng(seeds)));
    expect(draw(roundRng({ ...seeds, nonce: 1 }))).not.toEqual(draw(roundRng(seeds)));
    expect(draw(roundRng({ ...seeds, clientSeed: 'other' }))).not.toEqual(draw(roundRng(seeds)));
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 32 + 1])('rejects the range %s', (max) => {
    expect(() => roundRng(seeds).int(max)).toThrow(RangeError);
  });

  it('skips a word at or above the last whole multiple of the range, and reads the words in order', () => {
    // Block 0: a word past the limit for n = 3 (2^32 - 1, as 2^32 mod 3 = 1), then 5, then 2^32 - 2.
    const block = new Uint8Array(32);
    new DataView(block.buffer).setUint32(0, 2 ** 32 - 1);
    new DataView(block.buffer).setUint32(4, 5);
    new DataView(block.buffer).setUint32(8, 2 ** 32 - 2);
    const rng = fairRng(() => block);
    expect(rng.int(3)).toBe(5 % 3);
    expect(rng.int(3)).toBe((2 ** 32 - 2) % 3);
    expect(rng.blocksUsed).toBe(1);
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
