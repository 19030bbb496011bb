import { useModalQueue } from '../lib/modal-queue';

/** Renders the head of the modal queue; closing it reveals the next. */
export function ModalPortal() {
  const head = useModalQueue((state) => state.queue[0]);
  const close = useModalQueue((state) => state.close);
  if (!head) return null;
  return <>{head.render(() => close(head.id))}</>;
}
