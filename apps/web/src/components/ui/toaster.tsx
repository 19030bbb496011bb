import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS } from '@casino/contracts/constants';

/** Toasts last 2000 ms (seed 000 section 8). Use `toast` from 'sonner' to show one. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      duration={TOAST_DURATION_MS}
      theme="dark"
      richColors
      closeButton
      toastOptions={{ className: 'font-semibold' }}
    />
  );
}
