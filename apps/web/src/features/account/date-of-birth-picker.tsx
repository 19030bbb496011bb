import { BIRTH_YEAR_FIRST } from '@casino/contracts/account';
import { MINIMUM_AGE_YEARS } from '@casino/contracts/constants';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { controlBorder, controlClass } from '../../components/ui/field';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(value: string): { year: string; month: string; day: string } {
  const [year = '', month = '', day = ''] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-') : [];
  return { year, month: month ? String(Number(month)) : '', day: day ? String(Number(day)) : '' };
}

/**
 * The date-of-birth picker (seed 000 section 2): month, day and year selects; years from 1925 to
 * this year minus 18, and in that last year only the months and days up to today's, so that
 * every date it can produce is at least 18 years ago (seed 001 section 2). It reports YYYY-MM-DD,
 * or '' until all three are chosen.
 */
export function DateOfBirthPicker({
  value,
  onChange,
  onBlur,
  error,
  label = 'Date of Birth',
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  label?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => parts(value));
  const today = new Date();
  const lastYear = today.getFullYear() - MINIMUM_AGE_YEARS;
  const years = Array.from({ length: lastYear - BIRTH_YEAR_FIRST + 1 }, (_, i) => lastYear - i);
  const year = Number(draft.year) || undefined;
  const month = Number(draft.month) || undefined;
  const maxMonth = year === lastYear ? today.getMonth() + 1 : 12;
  const monthDays = month ? daysIn(year ?? 2000, month) : 31;
  const maxDay = year === lastYear && month === today.getMonth() + 1 ? Math.min(monthDays, today.getDate()) : monthDays;

  const update = (next: Partial<typeof draft>) => {
    const merged = { ...draft, ...next };
    // A choice that no longer fits (31 after picking February, a future month) is cleared.
    const y = Number(merged.year);
    const m = Number(merged.month);
    if (y === lastYear && m > today.getMonth() + 1) merged.month = '';
    const d = Number(merged.day);
    const limit = merged.month
      ? y === lastYear && Number(merged.month) === today.getMonth() + 1
        ? today.getDate()
        : daysIn(y || 2000, Number(merged.month))
      : 31;
    if (d > limit) merged.day = '';
    setDraft(merged);
    const complete = merged.year && merged.month && merged.day;
    onChange(complete ? `${merged.year}-${merged.month.padStart(2, '0')}-${merged.day.padStart(2, '0')}` : '');
  };

  const select = cn(controlClass, controlBorder(error), 'cursor-pointer appearance-none px-3');
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</legend>
      <div className="grid grid-cols-[1.4fr_1fr_1.1fr] gap-2">
        <select
          aria-label="Month"
          className={select}
          value={draft.month}
          onChange={(event) => update({ month: event.target.value })}
          onBlur={onBlur}
        >
          <option value="">Month</option>
          {MONTHS.slice(0, maxMonth).map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label="Day"
          className={select}
          value={draft.day}
          onChange={(event) => update({ day: event.target.value })}
          onBlur={onBlur}
        >
          <option value="">Day</option>
          {Array.from({ length: maxDay }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>
              {i + 1}
            </option>
          ))}
        </select>
        <select
          aria-label="Year"
          className={select}
          value={draft.year}
          onChange={(event) => update({ year: event.target.value })}
          onBlur={onBlur}
        >
          <option value="">Year</option>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
