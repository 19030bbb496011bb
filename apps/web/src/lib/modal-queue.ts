import type { ReactNode } from 'react';
import { create } from 'zustand';

/**
 * The modal portal's queue (seed 000 section 4 'Modal portal'): one modal at a time; others
 * wait and open in order as each closes. The start-up queue (verification prompt, daily bonus,
 * welcome bonus, ...) goes through here.
 */
export interface QueuedModal {
  /** Enqueuing an id that is already queued does nothing. */
  id: string;
  render: (close: () => void) => ReactNode;
}

interface ModalQueueState {
  queue: QueuedModal[];
  enqueue: (modal: QueuedModal) => void;
  /** Closes the modal with this id (the head, normally); the next one opens. */
  close: (id: string) => void;
  clear: () => void;
}

export const useModalQueue = create<ModalQueueState>()((set) => ({
  queue: [],
  enqueue: (modal) => set((state) => (state.queue.some((queued) => queued.id === modal.id) ? state : { queue: [...state.queue, modal] })),
  close: (id) => set((state) => ({ queue: state.queue.filter((queued) => queued.id !== id) })),
  clear: () => set({ queue: [] }),
}));

export function enqueueModal(modal: QueuedModal): void {
  useModalQueue.getState().enqueue(modal);
}
