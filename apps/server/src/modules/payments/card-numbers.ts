import { luhnValid } from '../../providers/payments/sandbox-finix.js';

/**
 * The scanner of card-data.test.ts, shared with other tests that prove a table
 * keeps no card number (failed-webhooks.test.ts).
 */
const EPOCH_MS_2100 = Date.UTC(2100, 0, 1);

/**
 * A card number as it is written: 13-19 digits in one run, or grouped the way cards are printed
 * and typed (4-4-4-4 with up to 3 more, Amex 4-6-5) by single spaces or dashes. Other ids that
 * join digit runs with a dash (a round's `1234-567890123456`) are not card numbers, and one in ten
 * of them passes Luhn by chance.
 */
const CARD_LIKE = /(?<![0-9A-Za-z-])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{5})(?![0-9A-Za-z]|-\d)/g;

/**
 * Every card-like number in `text` (see CARD_LIKE) that passes Luhn and stands on its own: runs of
 * digits inside hex digests or random tokens (session hashes, SHA-256 e-mails) are not numbers and
 * would make the scan fail by chance.
 */
export function luhnNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CARD_LIKE)) {
    const digits = match[0].replace(/[ -]/g, '');
    // Epoch milliseconds (13 digits before the year 2100) fill other features' tables and logs; no
    // card number of 13 digits starts with 1-3, and a 13-digit Visa (4...) above that still counts.
    if (digits.length === 13 && Number(digits) < EPOCH_MS_2100) continue;
    if (luhnValid(digits)) found.push(match[0]);
  }
  return found;
}
