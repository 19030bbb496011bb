import { dateRangeMessages } from '@casino/contracts/date-range';
import type { ReactNode } from 'react';
import { Input } from '../../components/ui/input';

/** The tables' default window (seed 001 section 9): the last 10 days up to today. */
export const DEFAULT_HISTORY_DAYS = 10;

function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function defaultRange(now = new Date()): { startDate: string; endDate: string } {
  const start = new Date(now);
  start.setDate(start.getDate() - DEFAULT_HISTORY_DAYS);
  return { startDate: localDay(start), endDate: localDay(now) };
}

/** Seed 001 section 5 'Date filters': the inline errors of a reversed range (same day allowed). */
export function rangeErrors(range: { startDate: string; endDate: string }): { start?: string; end?: string } {
  if (!range.startDate || !range.endDate || range.startDate <= range.endDate) return {};
  return { start: dateRangeMessages.startAfterEnd, end: dateRangeMessages.endBeforeStart };
}

/** Start date, end date and the table's own filter, side by side on a desktop, stacked on a phone. */
export function HistoryFilters({
  range,
  onRangeChange,
  children,
}: {
  range: { startDate: string; endDate: string };
  onRangeChange: (range: { startDate: string; endDate: string }) => void;
  children: ReactNode;
}) {
  const errors = rangeErrors(range);
  return (
    <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3">
      <Input
        label="Start Date"
        type="date"
        value={range.startDate}
        max={range.endDate || undefined}
        error={errors.start}
        onChange={(event) => onRangeChange({ ...range, startDate: event.target.value })}
      />
      <Input
        label="End Date"
        type="date"
        value={range.endDate}
        min={range.startDate || undefined}
        error={errors.end}
        onChange={(event) => onRangeChange({ ...range, endDate: event.target.value })}
      />
      {children}
    </div>
  );
}
