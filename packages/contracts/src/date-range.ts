/**
 * The history date filters (seed 001 section 5 'Date filters'): the start must not be after the
 * end, and the end not before the start; the same day is allowed. Both history calls refuse a
 * reversed range, and the tables flag it inline.
 */
export const dateRangeMessages = {
  startAfterEnd: 'Start date must not be after end date',
  endBeforeStart: 'End date must not be before start date',
} as const;

export function dateRangeOrdered(range: { startDate?: string | undefined; endDate?: string | undefined }): boolean {
  if (!range.startDate || !range.endDate) return true;
  return Date.parse(range.startDate) <= Date.parse(range.endDate);
}
