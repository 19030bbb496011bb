import { useNavigate } from 'react-router';
import { useLogout } from '../api/logout';
import { useAuthDialog, type AuthDialog } from '../auth-dialog-store';
import { useAuthStore } from '../auth-store';
import { AccessDialog } from './access-dialog';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { VerificationDialog } from './verification-dialog';

/** The open access dialog; this module and its forms load only once a dialog opens. */
export default function Dialogs({ open }: { open: Exclude<AuthDialog, null> }) {
  switch (open) {
    case 'login':
    case 'signup':
      return <AccessDialog tab={open} />;
    case 'forgot':
      return <ForgotPasswordDialog />;
    case 'reset':
      return <ResetPasswordDialog />;
    case 'verification-sent':
      return <VerificationSentDialog />;
  }
}

/** 'Action Required' after sign-up or a 3050 login: closing it clears the stored user and returns to / (seed 000 section 2). */
function VerificationSentDialog() {
  const navigate = useNavigate();
  const logout = useLogout();
  const email = useAuthDialog((state) => state.email) ?? useAuthStore.getState().signedUpUser?.email ?? '';
  const close = () => {
    if (useAuthStore.getState().isAuthenticated) logout.mutate();
    useAuthStore.getState().setSignedUpUser(null);
    useAuthDialog.getState().close();
    void navigate('/');
  };
  return <VerificationDialog variant="sent" email={email} onClose={close} />;
}
