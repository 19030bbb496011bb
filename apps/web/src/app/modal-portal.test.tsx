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
});
