import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ModalPortal } from './modal-portal';
import { Dialog } from '../components/ui/dialog';
import { enqueueModal, useModalQueue } from '../lib/modal-queue';

function queueDialog(id: string, title: string) {
  enqueueModal({
    id,
    render: (close) => (
      <Dialog open title={title} onClose={close}>
        <p>{title} body</p>
        <button type="button">Later</button>
      </Dialog>
    ),
  });
}

describe('modal portal', () => {
  beforeEach(() => useModalQueue.getState().clear());

  it('shows one modal at a time and opens queued ones in order as each closes', async () => {
    render(<ModalPortal />);
    act(() => {
      queueDialog('first', 'First');
      queueDialog('second', 'Second');
      queueDialog('first', 'First again');
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves the focus into each queued modal as it opens, and back where it was after the last', async () => {
    render(
      <>
        <button type="button">Lobby</button>
        <ModalPortal />
      </>,
    );
    const lobby = screen.getByRole('button', { name: 'Lobby' });
    lobby.focus();
    act(() => {
      queueDialog('first', 'First');
      queueDialog('second', 'Second');
    });
    const first = screen.getByRole('dialog', { name: 'First' });
    expect(first).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    await userEvent.keyboard('{Escape}');
    // The next modal is a new dialog: a screen reader hears it open, its first control has the focus.
    const second = screen.getByRole('dialog', { name: 'Second' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(second).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(lobby).toHaveFocus();
  });
});
