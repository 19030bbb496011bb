import { lazy, Suspense, useEffect } from 'react';
import { enqueueModal } from '../../lib/modal-queue';
import { useAuthDialog } from './auth-dialog-store';
import { useAuthStore } from './auth-store';
import { useProfile } from './profile';

const Dialogs = lazy(() => import('./components/dialogs'));
const VerificationPrompt = lazy(() => import('./components/verification-prompt'));

export const EMAIL_VERIFICATION_MODAL_ID = 'email-verification';

let promptedFor: number | undefined;

/**
 * Queues the e-mail verification prompt first in the start-up queue when the signed-in player's
 * address is not verified (seed 000 section 4), as soon as the profile says so.
 */
function useAccountStartup() {
  const { data: profile } = useProfile();
  useEffect(() => {
    const { isAuthenticated, user } = useAuthStore.getState();
    // Logged out: the next sign-in in this page load gets its own prompt.
    if (!isAuthenticated) promptedFor = undefined;
    if (!profile || !isAuthenticated || user?.userId !== profile.userId) return;
    if (profile.emailVerified || promptedFor === profile.userId) return;
    promptedFor = profile.userId;
    enqueueModal({
      id: EMAIL_VERIFICATION_MODAL_ID,
      render: (close) => (
        <Suspense fallback={null}>
          <VerificationPrompt email={profile.email} onClose={close} />
        </Suspense>
      ),
    });
  }, [profile]);
}

/** Mounted once in the layout: the access dialogs (loaded on first open) and the account start-up. */
export function AuthDialogs() {
  const open = useAuthDialog((state) => state.open);
  useAccountStartup();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Dialogs open={open} />
    </Suspense>
  );
}
