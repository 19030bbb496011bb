import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authTexts } from '@casino/contracts/auth-texts';
import { toast } from 'sonner';
import { errorMessage, http, isSessionHandled } from '../../../lib/http';
import { useModalQueue } from '../../../lib/modal-queue';
import { useAuthDialog } from '../auth-dialog-store';
import { useAuthStore } from '../auth-store';

/**
 * Forgets the player on this device (seed 000 section 4 'Authentication'): the user store, the
 * keys loginTime and username, cached queries and queued dialogs. The chosen coin stays.
 */
export function forgetPlayer(queryClient: { clear: () => void }): void {
  useAuthStore.getState().clear();
  useModalQueue.getState().clear();
  useAuthDialog.getState().close();
  queryClient.clear();
}

/** POST user/logout ends the session on the server; the device forgets the player either way. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<Record<string, never>>('user/logout'),
    onSuccess: () => toast.success(authTexts.logoutSuccess),
    onError: (error) => {
      if (!isSessionHandled(error)) toast.error(errorMessage(error));
    },
    onSettled: () => forgetPlayer(queryClient),
  });
}
