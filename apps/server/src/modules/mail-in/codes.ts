import { randomInt } from 'node:crypto';
import { MAIL_IN_CODE_ALPHABET, MAIL_IN_CODE_LENGTH } from '@casino/contracts/mail-in';

/**
 * A new mail-in request code: 12 characters drawn one by one by the cryptographic random
 * generator from an alphabet of 30 without look-alikes, about 59 bits, so a code cannot be guessed
 * from another and a mistyped one names no request.
 */
export function newMailInCode(): string {
  let code = '';
  for (let index = 0; index < MAIL_IN_CODE_LENGTH; index += 1) code += MAIL_IN_CODE_ALPHABET[randomInt(MAIL_IN_CODE_ALPHABET.length)];
  return code;
}

/** The start of the cap's period that `at` falls in: 00:00 UTC of its day, or of the Monday of its week. */
export function capPeriodStart(period: 'day' | 'week', at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (period === 'day') return day;
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

/** The UTC calendar day of `at`, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whether a postmark (YYYY-MM-DD) is on or after the day the code was issued and at most `days` days later. */
export function postmarkWithinRules(postmark: string, issuedAt: Date, days: number): boolean {
  const first = utcDay(issuedAt);
  const last = utcDay(new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000));
  return postmark >= first && postmark <= last;
}
