import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './pagination';

describe('page numbers (2 margin pages, 5-page range: seed 001 section 2)', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps two pages at each end and five around the current one, with gaps', () => {
    expect(pageItems(10, 20)).toEqual([1, 2, 'gap', 8, 9, 10, 11, 12, 'gap', 19, 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 2, 'gap', 16, 17, 18, 19, 20]);
  });

  it('moves to the chosen, previous and next page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pageCount={8} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange.mock.calls).toEqual([[5], [2], [4]]);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
