import { reasonRequestSchema } from '@casino/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { adminErrorText, AdminApiError } from './admin-http';
import { ErrorNotice } from './notices';

/**
 * Every action that changes something asks why: the reason goes with the request and
 * into the audit trail. The server's refusal, if any, is shown in the dialog in words.
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  danger = false,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const fieldId = useId();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(reasonRequestSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
      form.reset();
      onClose();
    } catch (error) {
      const field = error instanceof AdminApiError ? error.fieldMessages.reason : undefined;
      if (field) form.setError('reason', { message: field });
      else form.setError('root', { message: adminErrorText(error) });
    }
  });
  return (
    <Dialog open={open} title={title} onClose={onClose} size="sm">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <div className="text-sm text-ink-muted">{description}</div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId} className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Reason (kept in the audit trail)
          </label>
          <textarea
            id={fieldId}
            rows={3}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${fieldId}-error` : undefined}
            className="w-full rounded-md border border-night-600 bg-night-900 px-2.5 py-2 text-sm text-ink outline-none focus:border-gold-400"
            {...form.register('reason')}
          />
          {errors.reason ? (
            <p id={`${fieldId}-error`} role="alert" className="text-xs font-medium text-danger">
              {errors.reason.message}
            </p>
          ) : null}
        </div>
        <ErrorNotice>{errors.root?.message}</ErrorNotice>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" variant={danger ? 'danger' : 'primary'} loading={isSubmitting}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
