import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LobbyPage } from '../lobby';
import { useAuthDialog } from './auth-dialog-store';

/**
 * /user/forgotPassword (seed 000 section 2): the lobby; with a token query parameter and a path
 * ending in forgotPassword, the Reset Password dialog opens at start-up.
 */
export function Component() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const token = params.get('token');

  useEffect(() => {
    if (token && pathname.endsWith('forgotPassword')) useAuthDialog.getState().show('reset', { resetToken: token });
  }, [token, pathname]);

  return <LobbyPage />;
}
