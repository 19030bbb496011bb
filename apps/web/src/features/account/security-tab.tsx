import { changePasswordFormSchema, type ChangePasswordForm } from '@casino/contracts/account';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { errorCodes } from '@casino/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError, errorMessage, isSessionHandled } from '../../lib/http';
import { useChangePassword } from './api';

const empty: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The Security tab (seed 001 section 2): Change Password with Old, New and Confirm New Password,
 * each with a show/hide toggle. Both passwords go base64-encoded; 3038 marks the old-password
 * field with the server's description and a toast, other failures toast (seed 001 section 8).
 * The server ends the player's other sessions; this one stays.
 */
export function SecurityTab() {
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), mode: 'onTouched', defaultValues: empty });
  const change = useChangePassword();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await change.mutateAsync({
        oldPassword: encodeBase64Utf8(values.oldPassword),
        newPassword: encodeBase64Utf8(values.newPassword),
      });
      form.reset(empty);
      toast.success(response.data.message);
    } catch (error) {
      if (isSessionHandled(error)) return;
      const description = errorMessage(error);
      if (error instanceof ApiError && error.hasCode(errorCodes.OldPasswordWrong.code))
        form.setError('oldPassword', { message: description });
      toast.error(description);
    }
  });

  return (
    <section className="max-w-xl rounded-2xl border border-night-600/70 bg-night-900/60 p-4 sm:p-6" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="mb-1 font-display text-lg font-extrabold tracking-wide text-gradient-gold uppercase">
        Change Password
      </h2>
      <p className="mb-5 text-sm text-ink-muted">Changing your password signs you out everywhere else.</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3" aria-label="Change password">
        <PasswordInput
          label="Old Password"
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...form.register('oldPassword')}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          hint="10-20 characters with a lowercase and an uppercase letter, a digit and one of @#$%^&+=!"
          error={errors.newPassword?.message}
          {...form.register('newPassword', { deps: ['confirmPassword'] })}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" loading={change.isPending} className="mt-2 w-full sm:w-fit sm:min-w-40">
          Update
        </Button>
      </form>
    </section>
  );
}
