import { describe, expect, it } from 'vitest';
import { formatAmount, formatCompactAmount, formatDate, formatDateTime } from './format';

describe('amount formatting', () => {
  it('shows two decimals', () => {
    expect(formatAmount(12)).toBe('12.00');
    expect(formatAmount(0.5)).toBe('0.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(0.29)).toBe('0.29');
  });

  it('groups thousands with commas, as en-US does', () => {
    expect(formatAmount(999.99)).toBe('999.99');
    expect(formatAmount(1000)).toBe('1,000.00');
    expect(formatAmount(12_345.6)).toBe('12,345.60');
    expect(formatAmount(1_234_567.89)).toBe('1,234,567.89');
    expect(formatAmount(-1_234.5)).toBe('-1,234.50');
    for (const value of [0.01, 7.07, 100, 1_000.01, 99_999.99, 100_000, 123_456_789.12, -0.5, -1_000_000]) {
      expect(formatAmount(value)).toBe(value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    }
  });

  it('abbreviates from 1,000 with K and from 1,000,000 with M', () => {
    expect(formatCompactAmount(999.99)).toBe('999.99');
    expect(formatCompactAmount(1000)).toBe('1.00K');
    expect(formatCompactAmount(12_345)).toBe('12.34K');
    expect(formatCompactAmount(999_999)).toBe('999.99K');
    expect(formatCompactAmount(1_000_000)).toBe('1.00M');
    expect(formatCompactAmount(2_500_000)).toBe('2.50M');
  });
});

describe('date formatting', () => {
  it('uses MM/DD/YYYY and MM/DD/YYYY hh:mm A', () => {
    const date = new Date(2026, 0, 5, 15, 7);
    expect(formatDate(date)).toBe('01/05/2026');
    expect(formatDateTime(date)).toBe('01/05/2026 03:07 PM');
    expect(formatDateTime(new Date(2026, 0, 5, 0, 30))).toBe('01/05/2026 12:30 AM');
  });
});
