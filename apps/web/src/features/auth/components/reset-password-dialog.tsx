import { authTexts, resetPasswordFormSchema, type ResetPasswordForm } from '@casino/contracts/auth';
import { errorCodes } from '@casino/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError, errorMessage } from '../../../lib/http';
import { useResetPassword } from '../api/account-mail';
import { forgetPlayer } from '../api/logout';
import { useAuthDialog } from '../auth-dialog-store';
import { useAuthStore } from '../auth-store';

/**
 * Reset Password (seed 000 sections 2, 5 and 8), opened at start-up from the mailed
 * /user/forgotPassword?token= link: 'RESET PASSWORD', Password and Confirm password with show/hide,
 * 'CHANGE PASSWORD'. Success: 'Your Password is changed', then /. The server ends every session of
 * the account, so a player signed in on this device is forgotten here too.
 */
export function ResetPasswordDialog() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { show, close } = useAuthDialog();
  const token = useAuthDialog((state) => state.resetToken) ?? '';
  const reset = useResetPassword();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const leave = () => {
    close();
    void navigate('/', { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, form: values });
      if (useAuthStore.getState().isAuthenticated) forgetPlayer(queryClient);
      toast.success(authTexts.passwordChanged);
      leave();
    } catch (error) {
      if (error instanceof ApiError && error.code === errorCodes.ResetLinkInvalid.code) {
        setLinkInvalid(true);
        toast.error(authTexts.resetLinkInvalid);
      } else {
        toast.error(errorMessage(error));
      }
    }
  });

  return (
    <Dialog open title="RESET PASSWORD" onClose={leave} size="sm">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {linkInvalid ? (
          <div role="alert" className="flex flex-col gap-3 rounded-2xl border border-danger/60 bg-danger/10 p-3.5 text-sm text-ink">
            <p>{authTexts.resetLinkInvalid}</p>
            <Button variant="outline" size="sm" className="self-start" onClick={() => show('forgot')}>
              Request a new link
            </Button>
          </div>
        ) : null}
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          placeholder="New password"
          hint={authTexts.newPasswordHint}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          placeholder="Repeat the new password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" loading={reset.isPending}>
          CHANGE PASSWORD
        </Button>
      </form>
    </Dialog>
  );
}
