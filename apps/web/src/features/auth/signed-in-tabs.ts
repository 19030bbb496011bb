import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useModalQueue } from '../../lib/modal-queue';
import { storageKeys } from '../../lib/storage';
import { forgetPlayer } from './api/logout';
import { useAuthDialog } from './auth-dialog-store';
import { useAuthStore } from './auth-store';

/**
 * Every open tab follows who is signed in on this device: a logout (or a session ended) in one
 * tab shows the signed-out state in the others at once, and a sign-in there shows the player.
 * The persisted user store is the one record (seed 000 section 3); another tab's change to it
 * arrives as a `storage` event (a `localStorage.clear()` comes with no key).
 */
export function useSignedInAcrossTabs(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== null && event.key !== storageKeys.userStore)) return;
      const before = useAuthStore.getState().user?.userId;
      void Promise.resolve(useAuthStore.persist.rehydrate()).then(() => {
        const { isAuthenticated, user } = useAuthStore.getState();
        const after = isAuthenticated ? user?.userId : undefined;
        if (before === after || before === undefined) return;
        if (after === undefined) {
          // Signed out there: this tab drops the player as its own logout would, and leaves
          // whatever private page it showed.
          forgetPlayer(queryClient);
          void navigate('/');
          return;
        }
        // Another player signed in there: nothing of the one before stays (the store already
        // holds the new player, so it is not cleared, which would sign every tab out).
        useModalQueue.getState().clear();
        useAuthDialog.getState().close();
        queryClient.clear();
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient, navigate]);
}
