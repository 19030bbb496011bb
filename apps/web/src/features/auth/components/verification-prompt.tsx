import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../api/logout';
import { VerificationDialog } from './verification-dialog';

/**
 * Start-up queue step 1 (seed 000 section 4): a signed-in player whose e-mail is not verified (a
 * Google account without a verified address) sees 'Action Required' with Send Email; closing it
 * logs out and returns to /.
 */
export default function VerificationPrompt({ email, onClose }: { email: string; onClose: () => void }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [sent, setSent] = useState(false);
  return (
    <VerificationDialog
      variant={sent ? 'sent' : 'not-verified'}
      email={email}
      onSent={() => setSent(true)}
      onClose={() => {
        onClose();
        logout.mutate(undefined, { onSettled: () => void navigate('/') });
      }}
    />
  );
}
