import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateOfBirthPicker } from './date-of-birth-picker';

describe('DateOfBirthPicker', () => {
  it('offers years from 1925 to this year minus 18, and reports YYYY-MM-DD once all three are chosen', async () => {
    const onChange = vi.fn();
    render(<DateOfBirthPicker value="" onChange={onChange} />);
    const years = within(screen.getByRole('combobox', { name: 'Year' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    const last = new Date().getFullYear() - 18;
    expect(years[1]).toBe(String(last));
    expect(years.at(-1)).toBe('1925');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'February');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2000');
    expect(onChange).toHaveBeenLastCalledWith('');
    // February of a leap year has 29 days, no more.
    const days = within(screen.getByRole('combobox', { name: 'Day' })).getAllByRole('option');
    expect(days.at(-1)?.textContent).toBe('29');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '29');
    expect(onChange).toHaveBeenLastCalledWith('2000-02-29');
  });

  it('in the last year offers no month after this one, so no date under 18 can be picked', async () => {
    render(<DateOfBirthPicker value="" onChange={vi.fn()} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(new Date().getFullYear() - 18));
    const months = within(screen.getByRole('combobox', { name: 'Month' })).getAllByRole('option');
    expect(months).toHaveLength(new Date().getMonth() + 2);
  });
});
