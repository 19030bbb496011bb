import { authTexts, emailRequestSchema, type EmailRequest } from '@casino/contracts/auth';
import { errorCodes } from '@casino/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/http';
import { useForgotPassword } from '../api/account-mail';
import { useAuthDialog } from '../auth-dialog-store';
import { TextButton } from './text-link';

/** Forgot Password (seed 000 sections 2, 5 and 8): email, 'Send Reset Link', REGISTER and SIGN IN. */
export function ForgotPasswordDialog() {
  const { show, close } = useAuthDialog();
  const prefill = useAuthDialog((state) => state.email);
  const forgot = useForgotPassword();
  const form = useForm<EmailRequest>({
    resolver: zodResolver(emailRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: prefill ?? '' },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync(email);
      toast.success(authTexts.resetLinkSent);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.code === errorCodes.ForgotPasswordEmailUnknown.code) {
        form.setError('email', { message: authTexts.forgotEmailUnknown });
      } else {
        toast.error(errorMessage(error));
      }
    }
  });

  return (
    <Dialog open title="Forgot Password" onClose={close} size="sm">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          Enter the e-mail address of your account and we will send you a link to reset your password.
        </p>
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" size="lg" loading={forgot.isPending}>
          Send Reset Link
        </Button>
        <div className="flex items-center justify-center gap-6 text-sm">
          <TextButton onClick={() => show('signup', { email: form.getValues('email') })}>REGISTER</TextButton>
          <span aria-hidden="true" className="h-4 w-px bg-night-500" />
          <TextButton onClick={() => show('login', { email: form.getValues('email') })}>SIGN IN</TextButton>
        </div>
      </form>
    </Dialog>
  );
}
