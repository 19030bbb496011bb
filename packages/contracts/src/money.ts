/**
 * Money is an integer count of hundredths everywhere inside the system (docs/ARCHITECTURE.md 'The API');
 * on the wire it is a decimal number with at most two places. These are the only conversions.
 */
export type Hundredths = number & { readonly __brand: 'Hundredths' };

export function hundredths(value: number): Hundredths {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount of hundredths: ${value}`);
  return value as Hundredths;
}

/** 12.34 -> 1234. Rejects more than two decimal places instead of rounding them away. */
export function toHundredths(amount: number): Hundredths {
  const scaled = Math.round(amount * 100);
  if (Math.abs(scaled - amount * 100) > 1e-6) throw new RangeError(`More than two decimal places: ${amount}`);
  return hundredths(scaled);
}

/** 1234 -> 12.34, for the wire. */
export function fromHundredths(value: number | bigint): number {
  return Number(value) / 100;
}
