import { authTexts } from '@casino/contracts/auth-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../lib/http';
import { LobbyPage } from '../lobby';
import { verifyEmail } from './api/account-mail';
import { useAuthDialog } from './auth-dialog-store';
import { useAuthStore } from './auth-store';
import { profileQueryKey } from './profile';

/** A link is verified once per page load, even if React runs the effect twice. */
const submitted = new Set<string>();

/**
 * /user/verifyEmail?token= (seed 000 sections 2 and 4): the lobby, while the token is verified.
 * Success: 'Email Verified Successfully', the user data filled in, and the Sign-in dialog opens
 * for the verified address (no session comes with verification). Failure: the server's error
 * descriptions, then home.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token');

  useEffect(() => {
    if (!token) {
      void navigate('/', { replace: true });
      return;
    }
    if (submitted.has(token)) return;
    submitted.add(token);
    verifyEmail(token)
      .then((verified) => {
        toast.success(authTexts.emailVerified);
        // The sign-up promo code's bonus, credited with the verification, or why it was not.
        if (verified.promoBonus) {
          if (verified.promoBonus.credited) toast.success(verified.promoBonus.message);
          else toast.info(verified.promoBonus.message);
        }
        const { isAuthenticated, user, setSignedUpUser, signedUpUser } = useAuthStore.getState();
        if (isAuthenticated && user?.email.toLowerCase() === verified.email.toLowerCase()) {
          // The profile now says verified (and carries the filled-in names): read it again.
          void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        } else if (!isAuthenticated) {
          if (signedUpUser) setSignedUpUser(null);
          useAuthDialog.getState().show('login', { email: verified.email });
        }
      })
      .catch((error: unknown) => {
        const descriptions = error instanceof ApiError ? error.errors.map((item) => item.description) : ['Something went wrong'];
        for (const description of descriptions) toast.error(description);
      })
      .finally(() => void navigate('/', { replace: true }));
  }, [token, navigate, queryClient]);

  return <LobbyPage />;
}
