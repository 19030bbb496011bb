import { Fragment } from 'react';
import { useModalQueue } from '../lib/modal-queue';

/**
 * Renders the head of the modal queue; closing it reveals the next. Each modal is keyed by its id,
 * so the next one is a new dialog even when it is drawn by the same component (two lobby popups):
 * the focus moves into it and a screen reader hears it open, instead of the old dialog's content
 * changing under the focus.
 */
export function ModalPortal() {
  const head = useModalQueue((state) => state.queue[0]);
  const close = useModalQueue((state) => state.close);
  if (!head) return null;
  return <Fragment key={head.id}>{head.render(() => close(head.id))}</Fragment>;
}
