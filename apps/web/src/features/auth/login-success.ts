import { authTexts } from '@casino/contracts/auth-texts';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useAuthDialog } from './auth-dialog-store';
import { useAuthStore } from './auth-store';
import { profileQueryKey } from './profile';
import type { UserDetails } from './user-details';

/**
 * Login success (seed 000 section 4): close the dialog, record the login time, store the user and
 * say 'You have successfully logged in'. The coin switches to SC in the wallet feature when a
 * player signs in; the daily bonus is offered by the start-up queue once the profile is there.
 * The location check with reason LOGIN belongs to geolocation, which is not built yet.
 */
export function completeLogin(user: UserDetails, queryClient: QueryClient): void {
  useAuthDialog.getState().close();
  useAuthStore.getState().signIn(user);
  queryClient.setQueryData(profileQueryKey, user);
  toast.success(authTexts.loginSuccess);
}
