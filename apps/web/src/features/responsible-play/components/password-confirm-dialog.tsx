import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { confirmPasswordFormSchema, type ConfirmPasswordForm } from '@casino/contracts/responsible-play';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordInput } from '../../../components/ui/password-input';

/**
 * The password confirmation modal (seed 001 section 5 'Password confirmation'): limits and
 * self-exclusion are sent with the player's password, base64-encoded. A password the server
 * refused is shown on the field (`passwordError`), so the player can type it again or cancel;
 * any other refusal is the caller's to show once it has closed the dialog.
 */
export function PasswordConfirmDialog({
  open,
  title,
  summary,
  confirmLabel,
  danger = false,
  pending,
  passwordError,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  summary: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  /** The server's refusal of the password, shown on the field. */
  passwordError?: string | undefined;
  /** Receives the password base64-encoded. */
  onConfirm: (encodedPassword: string) => void;
  onClose: () => void;
}) {
  const form = useForm<ConfirmPasswordForm>({ resolver: zodResolver(confirmPasswordFormSchema), defaultValues: { password: '' } });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit((values) => onConfirm(encodeBase64Utf8(values.password)));

  return (
    <Dialog open={open} title={title} onClose={close} size="sm">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label="Password confirmation">
        <div className="text-sm leading-relaxed text-ink-muted">{summary}</div>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Enter your password"
          error={form.formState.errors.password?.message ?? passwordError}
          {...form.register('password')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
