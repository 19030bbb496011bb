import { authTexts } from '@casino/contracts/auth-texts';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { runAfterLogin } from './after-login';
import { useAuthDialog } from './auth-dialog-store';
import { useAuthStore } from './auth-store';
import { profileQueryKey } from './profile';
import type { StoredPlayer } from './user-details';

/**
 * Login success (seed 000 section 4): close the dialog, record the login time, store who signed in
 * and say 'You have successfully logged in'. The profile is then read by its one query (no copy of
 * the login answer is cached); the daily bonus is offered by the start-up queue once it is there.
 * The coin switches to SC in the wallet feature. Then what the app hangs on a sign-in runs, once the
 * player is stored: the location check with reason LOGIN, whose license is theirs (app/providers.tsx).
 */
export function completeLogin(player: StoredPlayer, queryClient: QueryClient): void {
  useAuthDialog.getState().close();
  queryClient.removeQueries({ queryKey: profileQueryKey });
  useAuthStore.getState().signIn(player);
  runAfterLogin();
  toast.success(authTexts.loginSuccess);
}
