import { z } from 'zod';

/**
 * The player's social security number (seed 001 section 7 POST /kyc/update-ssn and its 9-digit
 * rule; docs/decisions/059-ssn-for-prize-reporting.md). Asked for before a redemption that brings
 * the calendar year's prizes to the reporting threshold; kept sealed on the server and only ever
 * shown as its last four digits.
 */
export const SSN_MESSAGES = {
  required: 'Social security number is required',
  invalid: 'Social security number must be exactly 9 digits',
  saved: 'Your social security number has been saved.',
  formTitle: 'Social security number',
  formIntro:
    'Your prizes this year reach the amount we must report to the IRS. Please enter your social security number to continue with this redemption.',
} as const;

/** Nine digits; the usual dashes or spaces (123-45-6789) are allowed and dropped. */
export const ssnSchema = z
  .string({ error: SSN_MESSAGES.required })
  .trim()
  .min(1, { message: SSN_MESSAGES.required, abort: true })
  .transform((value) => value.replace(/[-\s]/g, ''))
  .pipe(z.string().regex(/^\d{9}$/, SSN_MESSAGES.invalid));

/** POST /kyc/update-ssn. */
export const updateSsnRequestSchema = z.object({ ssn: ssnSchema });

/** What is ever shown of a number: its last four digits. */
export const ssnOnFileSchema = z.object({
  ssnLastFour: z.string().regex(/^\d{4}$/),
  /** '***-**-6789' */
  ssnMasked: z.string(),
});
export type SsnOnFile = z.infer<typeof ssnOnFileSchema>;

export function maskedSsn(lastFour: string): string {
  return `***-**-${lastFour}`;
}

/**
 * The calendar year's prize total at which an operator must report a player's prizes, by default
 * (the US IRS 1099 threshold, $600.00), in hundredths; the site configuration's
 * PRIZE_REPORTING_THRESHOLD sets another.
 */
export const DEFAULT_PRIZE_REPORTING_THRESHOLD = 60_000;
