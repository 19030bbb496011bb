import { adminAccess, holdsRole } from '@casino/contracts/admin';
import { updateMailInSettingsRequestSchema, type AdminMailInSettings, type UpdateMailInSettingsRequest } from '@casino/contracts/mail-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { controlBorder, describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { AdminApiError, adminErrorText } from '../admin-http';
import { VersionHistoryDialog } from '../content/version-history';
import { ErrorNotice, Panel, SuccessNotice } from '../notices';
import { useOperator } from '../session-api';
import { useMailInSettings, useMailInSettingsVersions, useSaveMailInSettings } from './mail-in-api';

/**
 * The mail-in settings (docs/decisions/069-mail-in-entry.md): the SC a valid card credits, the cap
 * and its period, the postmark window, the postal address, the card format and the rules' text of
 * /mail-in-entry. Compliance changes them (versioned and audited); support reads them.
 */
export default function MailInSettingsPage() {
  const settings = useMailInSettings();
  const roles = useOperator().data?.roles ?? [];
  const [done, setDone] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-display text-xl font-bold text-ink">Mail-in settings</h1>
        <Button size="sm" variant="ghost" onClick={() => setHistory(true)}>
          History
        </Button>
      </div>
      <SuccessNotice>{done}</SuccessNotice>
      {settings.isError ? <ErrorNotice>{adminErrorText(settings.error)}</ErrorNotice> : null}
      {settings.data ? (
        <SettingsForm
          key={settings.data.version}
          settings={settings.data}
          mayChange={holdsRole(roles, adminAccess.mailInSettings)}
          onSaved={setDone}
        />
      ) : null}
      {history ? <SettingsHistory onClose={() => setHistory(false)} /> : null}
    </div>
  );
}

function SettingsHistory({ onClose }: { onClose: () => void }) {
  return <VersionHistoryDialog name="the mail-in settings" versions={useMailInSettingsVersions()} onClose={onClose} />;
}

function TextArea({
  label,
  rows,
  error,
  disabled,
  register,
}: {
  label: string;
  rows: number;
  error: string | undefined;
  disabled: boolean;
  register: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} className="md:col-span-2">
      <textarea
        id={id}
        rows={rows}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, false)}
        className={cn(
          'w-full rounded-xl border bg-night-900/80 p-3 text-sm text-ink outline-none focus:border-gold-400',
          controlBorder(error),
        )}
        {...register}
      />
    </Field>
  );
}

const periods = [
  { value: 'day', label: 'UTC day' },
  { value: 'week', label: 'UTC week (from Monday)' },
];

function SettingsForm({
  settings,
  mayChange,
  onSaved,
}: {
  settings: AdminMailInSettings;
  mayChange: boolean;
  onSaved: (message: string) => void;
}) {
  const save = useSaveMailInSettings();
  const form = useForm<UpdateMailInSettingsRequest, unknown, z.output<typeof updateMailInSettingsRequestSchema>>({
    resolver: zodResolver(updateMailInSettingsRequestSchema),
    defaultValues: { ...settings, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(values);
      onSaved(result.message ?? 'Saved.');
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields)) form.setError(name as keyof UpdateMailInSettingsRequest, { message });
      } else form.setError('root', { message: adminErrorText(error) });
    }
  });
  const disabled = !mayChange;
  const number = { valueAsNumber: true } as const;
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      {disabled ? <p className="text-xs text-ink-muted">Only the compliance or admin role can change these settings.</p> : null}
      <Panel title="Credit and cap">
        <div className="grid gap-3 md:grid-cols-4">
          <Input
            label="SC per valid card"
            type="number"
            step="0.01"
            inputMode="decimal"
            disabled={disabled}
            error={errors.scAmount?.message}
            {...form.register('scAmount', number)}
          />
          <Input
            label="Credited cards per period"
            type="number"
            inputMode="numeric"
            disabled={disabled}
            error={errors.capCount?.message}
            {...form.register('capCount', number)}
          />
          <Select label="Period" options={periods} disabled={disabled} error={errors.capPeriod?.message} {...form.register('capPeriod')} />
          <Input
            label="Postmark window (days)"
            type="number"
            inputMode="numeric"
            disabled={disabled}
            error={errors.postmarkDays?.message}
            {...form.register('postmarkDays', number)}
          />
        </div>
      </Panel>
      <Panel title="What the player's page shows">
        <div className="grid gap-3 md:grid-cols-2">
          <TextArea
            label="Postal address"
            rows={5}
            disabled={disabled}
            error={errors.postalAddress?.message}
            register={form.register('postalAddress')}
          />
          <TextArea
            label="Card format"
            rows={4}
            disabled={disabled}
            error={errors.cardFormat?.message}
            register={form.register('cardFormat')}
          />
          <TextArea
            label="Rules (blank lines between paragraphs)"
            rows={10}
            disabled={disabled}
            error={errors.rulesText?.message}
            register={form.register('rulesText')}
          />
        </div>
      </Panel>
      {mayChange ? (
        <>
          <Input label="Reason (kept in the audit trail)" error={errors.reason?.message} {...form.register('reason')} />
          <ErrorNotice>{errors.root?.message}</ErrorNotice>
          <div>
            <Button type="submit" size="sm" loading={isSubmitting}>
              Save mail-in settings
            </Button>
          </div>
        </>
      ) : null}
    </form>
  );
}
