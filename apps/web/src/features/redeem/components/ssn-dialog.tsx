import { SSN_MESSAGES, updateSsnRequestSchema, type SsnOnFile } from '@casino/contracts/ssn';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/http';
import { useUpdateSsn } from '../api';

/**
 * The social security number form the redeem page opens when a redemption would bring the year's
 * prizes to the reporting threshold (error 3711, docs/decisions/059). The seed's 9-digit rule is
 * the contracts schema the server checks too; once saved, the redemption is sent again.
 */
export function SsnDialog({ onSaved, onClose }: { onSaved: (onFile: SsnOnFile) => void; onClose: () => void }) {
  const save = useUpdateSsn();
  const form = useForm({ resolver: zodResolver(updateSsnRequestSchema), defaultValues: { ssn: '' } });
  const serverError = save.error instanceof ApiError ? save.error.errors[0]?.description : undefined;
  return (
    <Dialog open title={SSN_MESSAGES.formTitle} onClose={onClose} size="sm">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => save.mutate(values.ssn, { onSuccess: ({ data }) => onSaved(data) }))}
      >
        <p className="text-sm text-ink-muted">{SSN_MESSAGES.formIntro}</p>
        <Input
          label="Social security number (9 digits)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="123-45-6789"
          error={form.formState.errors.ssn?.message ?? serverError}
          {...form.register('ssn')}
        />
        <Button type="submit" size="lg" loading={save.isPending}>
          Save and redeem
        </Button>
      </form>
    </Dialog>
  );
}
