import { formatUtcDateTime } from '@casino/contracts/responsible-play';

/**
 * How a mail writes amounts and times. Amounts are integer hundredths (docs/decisions/007) and are
 * written from their whole and cent parts by integer arithmetic, never through a float.
 */
export function formatHundredths(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an integer amount of hundredths: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  const whole = (absolute - (absolute % 100)) / 100;
  return `${sign}${whole.toLocaleString('en-US')}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A dollar amount: 1999 -> "$19.99". */
export function formatUsd(amount: number): string {
  return `$${formatHundredths(amount)}`;
}

/** Gold Coins have no cents in the product: 4_000_000 -> "40,000 GC" (cents kept if there are any). */
export function formatGc(amount: number): string {
  const text = formatHundredths(amount);
  return `${text.endsWith('.00') ? text.slice(0, -3) : text} GC`;
}

/** Sweepstakes Coins with their cents: 4100 -> "41.00 SC". */
export function formatSc(amount: number): string {
  return `${formatHundredths(amount)} SC`;
}

/** The product's way of writing a moment (the responsible-play pages write it so too). */
export function formatMoment(date: Date): string {
  return formatUtcDateTime(date);
}

/** A duration in the largest whole unit: 86_400 -> "1 day". */
export function formatDuration(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? '' : 's'}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
