import { describe, expect, it } from 'vitest';
import { formatGc, formatHundredths, formatSc, formatUsd } from './mail-format.js';

describe('amounts in mails', () => {
  it('writes integer hundredths with their cents and thousands, without a float', () => {
    expect(formatHundredths(0)).toBe('0.00');
    expect(formatHundredths(5)).toBe('0.05');
    expect(formatHundredths(1999)).toBe('19.99');
    expect(formatHundredths(123_456_789)).toBe('1,234,567.89');
    expect(formatHundredths(-7550)).toBe('-75.50');
    // 0.1 + 0.2 as a float would not be 0.30: integers only.
    expect(formatHundredths(10 + 20)).toBe('0.30');
  });

  it('writes dollars, Gold Coins without empty cents, and Sweepstakes Coins with them', () => {
    expect(formatUsd(49_999)).toBe('$499.99');
    expect(formatGc(4_000_000)).toBe('40,000 GC');
    expect(formatGc(1050)).toBe('10.50 GC');
    expect(formatSc(4100)).toBe('41.00 SC');
  });

  it('refuses an amount that is not whole hundredths', () => {
    expect(() => formatHundredths(19.99)).toThrow(RangeError);
  });
});
