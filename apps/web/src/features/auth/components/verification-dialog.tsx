import { authTexts } from '@casino/contracts/auth-texts';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/http';
import { useResendVerification } from '../api/account-mail';

/**
 * The two 'Action Required' dialogs (seed 000 section 2): 'not-verified' (e-mail not verified,
 * Send Email) and 'sent' (verification mail sent, Resend Email). Closing either logs out and
 * returns to / (the caller's onClose); a successful send shows the 'sent' wording.
 */
export function VerificationDialog({
  variant,
  email,
  onSent,
  onClose,
}: {
  variant: 'not-verified' | 'sent';
  email: string;
  onSent?: () => void;
  onClose: () => void;
}) {
  const resend = useResendVerification();
  const send = () => {
    resend.mutate(email, {
      onSuccess: () => {
        toast.success(authTexts.resendSuccess);
        onSent?.();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <Dialog open title="Action Required" onClose={onClose} size="sm">
      <div className="flex flex-col items-center gap-4 text-center">
        <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-gold-500/15 text-gold-300">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.8">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </span>
        {variant === 'sent' ? (
          <>
            <p className="font-semibold text-ink">Verify your e-mail address</p>
            <p className="text-sm text-ink-muted">
              We have sent a verification link to <strong className="break-all text-ink">{email}</strong>. Open it to activate your account,
              then log in. Did not get it? Check your spam folder or send it again.
            </p>
          </>
        ) : (
          <>
            <p className="font-semibold text-ink">Your e-mail address is not verified</p>
            <p className="text-sm text-ink-muted">
              Please verify <strong className="break-all text-ink">{email}</strong> to keep playing. We will send you a verification link.
            </p>
          </>
        )}
        <Button size="lg" className="w-full" loading={resend.isPending} onClick={send}>
          {variant === 'sent' ? 'Resend Email' : 'Send Email'}
        </Button>
      </div>
    </Dialog>
  );
}
