import { MINIMUM_AGE_YEARS } from './constants.js';

/**
 * The age rule of seed 000 section 5 and seed 001 section 2: a player is MINIMUM_AGE_YEARS or
 * older, counted in whole years on UTC calendar days. The sign-up form (auth.ts) and the profile
 * (account.ts) ask it here, each with the message its seed gives.
 */

/** A real YYYY-MM-DD calendar date. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC calendar days). */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  const [year = 0, month = 0, day = 0] = birthDate.split('-').map(Number);
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** Old enough to play, on `today`. */
export function isOfAge(birthDate: string, today: Date = new Date()): boolean {
  return ageOn(birthDate, today) >= MINIMUM_AGE_YEARS;
}
