import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { Input } from './input';
import { PasswordInput } from './password-input';
import { Table } from './table';
import { Tabs } from './tabs';

describe('Input', () => {
  it('shows its error at the field and marks the field invalid', () => {
    render(<Input label="Email" error="Please enter a valid email address" />);
    const field = screen.getByLabelText('Email');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter a valid email address');
  });
});

describe('PasswordInput', () => {
  it('shows and hides the password', async () => {
    render(<PasswordInput label="Password" defaultValue="Secret#123" />);
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
  });
});

describe('Tabs', () => {
  function Harness() {
    const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
    return (
      <Tabs
        label="Account"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'a', label: 'Account' },
          { key: 'b', label: 'Security' },
          { key: 'c', label: 'Transactions' },
        ]}
      >
        <p>panel {tab}</p>
      </Tabs>
    );
  }

  it('moves between tabs with the arrow keys, Home and End', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('tab', { name: 'Account' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel b');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Dialog', () => {
  it('moves focus inside, keeps Tab inside, and closes on Escape', async () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">outside</button>
        <Dialog open title="Daily reward" onClose={onClose}>
          <button type="button">Claim Now</button>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Daily reward' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('gives the focus back to the control that opened it when it closes', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            How to rank up
          </button>
          <Dialog open={open} title="How to rank up" onClose={() => setOpen(false)}>
            <p>Play to rank up.</p>
          </Dialog>
        </>
      );
    }
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'How to rank up' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'How to rank up' })).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
  });

  it('cannot be closed when it has no onClose (Location Issue)', async () => {
    render(
      <Dialog open title="Location Issue">
        <button type="button">Retry</button>
      </Dialog>,
    );
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Location Issue' })).toBeInTheDocument();
  });
});

describe('Table', () => {
  const columns = [{ key: 'name', header: 'Game Name', cell: (row: { id: number; name: string }) => row.name }];

  it("says 'No records found' when empty", () => {
    render(<Table columns={columns} rows={[]} rowKey={(row) => row.id} />);
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('renders rows under their headers', () => {
    render(<Table columns={columns} rows={[{ id: 1, name: 'Dragon Pearl' }]} rowKey={(row) => row.id} />);
    expect(screen.getByRole('columnheader', { name: 'Game Name' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Dragon Pearl' })).toBeInTheDocument();
  });
});
